// Build-time side of the WebLLM model libraries (#11, #35). web-llm resolves each model's WebGPU library from
// its record's `model_lib`, by default a raw.githubusercontent.com URL fetched and run at load time; Engram
// never runs code from the network, so the libraries ship inside the Chrome package as /webllm/*.wasm.
// They are inputs of the build, not files of the repository: lib/providers/webllm-libs.ts names each with its
// sha256, and the build takes them from ENGRAM_WEBLLM_DIR (default ../shared/webllm), checks every hash, fails
// on a mismatch, and ships exactly the libraries that match. `wxt zip` (a release) fails when any is missing.
// web-llm's own prebuilt model list, with its GitHub and unpinned Hugging Face URLs, is cut out of the bundle.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { Wxt } from 'wxt';
import { SHIPPED_LIBS } from '../lib/providers/webllm-libs';

export const LIB_ENV = 'ENGRAM_WEBLLM_DIR';

export function libSource(env: Record<string, string | undefined> = process.env): string {
  return resolve(env[LIB_ENV] || '../shared/webllm');
}

export interface LibCheck {
  dir: string;
  present: string[];
  missing: string[];
}

/** Which shipped libraries are in `dir`; throws on a file whose sha256 is not the manifest's. */
export function checkLibs(dir = libSource()): LibCheck {
  const present: string[] = [];
  const missing: string[] = [];
  for (const lib of SHIPPED_LIBS) {
    const path = join(dir, lib.file);
    if (!existsSync(path)) {
      missing.push(lib.file);
      continue;
    }
    const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (sha !== lib.sha256)
      throw new Error(
        `Engram: ${path} is not the library the build ships (sha256 ${sha}, expected ${lib.sha256}); replace it with the file from ${lib.source}.`,
      );
    present.push(lib.file);
  }
  return { dir, present, missing };
}

/** The one line `npm run zip` fails with when libraries are missing. */
export function missingReport({ dir, missing }: LibCheck): string {
  if (missing.length === 0) return '';
  const where = relative(process.cwd(), dir) || dir;
  return `Engram: ${missing.length} of ${SHIPPED_LIBS.length} WebLLM model libraries are missing: put the files named in lib/providers/webllm-libs.ts in ${where}/ (or set ${LIB_ENV} to their folder).`;
}

type PublicFiles = Parameters<NonNullable<import('wxt').WxtHooks['build:publicAssets']>>[1];

/** Copies the verified libraries into the Chrome package; Firefox's has no local model (#35). */
export function addLibFiles(check: LibCheck) {
  return (wxt: Wxt, files: PublicFiles): void => {
    if (wxt.config.browser === 'firefox') return;
    for (const file of check.present)
      files.push({ absoluteSrc: join(check.dir, file), relativeDest: `webllm/${file}` });
  };
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
