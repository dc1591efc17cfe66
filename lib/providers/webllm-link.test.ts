// Every shipped model library links with the web-llm runtime the package bundles (#35). The libraries import
// the runtime's function interface by name (TVMWasmPackedCFunc, …); web-llm 0.2.80+ changed that interface,
// so with 0.2.86 installed every library here fails to link (tried 2026-12-03: LinkError, missing
// env.TVMWasmPackedCFunc, env.TVMWasmPackedCFuncFinalizer and two threading functions). Needs the libraries
// (ENGRAM_WEBLLM_DIR or ../shared/webllm): skips without them, as in CI's clean clone.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { libSource } from '../../scripts/webllm-libs';
import { SHIPPED_LIBS, WEBLLM_RUNTIME } from './webllm-libs';

const dir = libSource();
const have = SHIPPED_LIBS.every((l) => existsSync(join(dir, l.file)));

test('package.json pins the web-llm whose runtime the libraries were compiled for', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  expect(pkg.dependencies['@mlc-ai/web-llm']).toBe(WEBLLM_RUNTIME);
  const installed = JSON.parse(readFileSync('node_modules/@mlc-ai/web-llm/package.json', 'utf8')) as {
    version: string;
  };
  expect(installed.version).toBe(WEBLLM_RUNTIME);
});

describe.skipIf(!have)(`every library in ${dir} links with the installed web-llm's runtime`, () => {
  test('each is instantiated by the runtime and every import it needs is provided', () => {
    const files = SHIPPED_LIBS.map((l) => l.file);
    const out = execFileSync(process.execPath, ['scripts/webllm-link.mjs', dir, ...files], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const results = out
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { file: string; linked: boolean; missing: string[] | null; error: string },
      );
    expect(results.map((r) => r.file)).toEqual(files);
    for (const r of results) {
      expect({ file: r.file, missing: r.missing, linked: r.linked }).toEqual({
        file: r.file,
        missing: [],
        linked: true,
      });
      // Node has no WebGPU: the load goes past the library and stops at the GPU check.
      expect(r.error).not.toMatch(/LinkError/);
    }
  }, 150_000);
});
