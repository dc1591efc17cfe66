// Build-time side of "no remotely hosted code" (#11). web-llm 0.2.86 resolves each model's WebGPU library from
// its record's `model_lib`, by default a raw.githubusercontent.com URL on `main`, fetched and run at load time;
// the npm package does not contain those .wasm files, and no package on the npm registry ships them (checked
// 2026-12: @mlc-ai/web-llm, @mlc-ai/web-runtime, @browser-ai/web-llm). So:
// - the libraries are taken only from public/webllm/ (copied into the package as /webllm/*.wasm);
// - the build lists which are there (import.meta.env.ENGRAM_WEBLLM_LIBS) so Options and the offscreen document
//   say plainly which models cannot run; it warns loudly on every build and fails `wxt zip` (a release);
// - web-llm's own prebuilt model list, with its GitHub and unpinned Hugging Face URLs, is cut out of the bundle.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { WEBLLM_MODELS } from '../lib/providers/gpu';

export const LIB_DIR = resolve('public/webllm');

export function bundledLibs(dir = LIB_DIR): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.wasm')) : [];
}

export function missingLibs(present = bundledLibs()): { label: string; lib: string }[] {
  return WEBLLM_MODELS.filter((m) => !present.includes(m.lib)).map(({ label, lib }) => ({ label, lib }));
}

export function missingLibsReport(missing = missingLibs()): string {
  if (missing.length === 0) return '';
  const lines = missing.map((m) => `  - ${m.label}: ${join('public/webllm', m.lib)}`);
  return [
    `Engram: ${missing.length} WebLLM model librar${missing.length === 1 ? 'y is' : 'ies are'} not in this build:`,
    ...lines,
    'Those local models cannot run (Options → Model says so). Engram never downloads code at run time;',
    'put the matching web-llm 0.2.86 .wasm files there (see README, "Local models") before a release.',
  ].join('\n');
}

/** Cuts web-llm's prebuilt model list (GitHub-hosted libraries, weights at `main`) down to nothing. */
export function stripPrebuiltModels(code: string): string {
  const start = code.indexOf('const prebuiltAppConfig = {');
  const list = start === -1 ? -1 : code.indexOf('model_list: [', start);
  if (list === -1) throw new Error('web-llm: prebuiltAppConfig not found; check scripts/webllm-libs.ts');
  let depth = 0;
  for (let i = list + 'model_list: '.length; i < code.length; i++) {
    if (code[i] === '[') depth++;
    else if (code[i] === ']' && --depth === 0)
      return `${code.slice(0, list)}model_list: []${code.slice(i + 1)}`;
  }
  throw new Error('web-llm: prebuiltAppConfig model_list is not closed');
}

export function webllmBuild(): Plugin {
  return {
    name: 'engram-webllm-no-remote-code',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mlc-ai[\\/]web-llm[\\/]lib[\\/]index\.js$/.test(id)) return null;
      return {
        code: stripPrebuiltModels(code).replace(
          /"https:\/\/raw\.githubusercontent\.com\/mlc-ai\/binary-mlc-llm-libs\/main\/web-llm-models\/"/,
          '""',
        ),
        map: null,
      };
    },
  };
}
