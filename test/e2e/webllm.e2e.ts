// WebLLM that loads (#35). The package: every library named in lib/providers/webllm-libs.ts, sha256 equal
// (when the build had them: ENGRAM_WEBLLM_DIR or ../shared/webllm); Firefox's package is checked with the Firefox
// suite (test/firefox/package.e2e.ts), which runs after its build. In Chromium: with no usable GPU Options says so before any download; with a GPU (a fake
// adapter in the Options page, where the GPU is checked) a model's configuration, tokenizer and weights come
// from answered requests at its pinned commit, a refused weight file is named with a Retry that finishes the
// download, Delete removes it; then choosing the model loads its library from the extension's own files with
// the pinned web-llm runtime, which links it and stops at the GPU (the offscreen document has none here),
// and no request for code leaves the browser.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { libSource } from '../../scripts/webllm-libs';
import { SHIPPED_LIBS } from '../../lib/providers/webllm-libs';
import { modelInfo } from '../../lib/providers/webllm-models';
import { EXTENSION_PATH, launch, openOptions, type Harness } from './harness';
import { routeOffscreen } from './offscreen-route';
import { worker } from './records';

const HAVE_LIBS = SHIPPED_LIBS.every((l) => existsSync(join(libSource(), l.file)));
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the packages', () => {
  test.skipIf(!HAVE_LIBS)('Chrome: every shipped library, sha256 equal to the manifest', () => {
    for (const lib of SHIPPED_LIBS)
      expect(sha(join(EXTENSION_PATH, 'webllm', lib.file)), lib.file).toBe(lib.sha256);
    expect(readdirSync(join(EXTENSION_PATH, 'webllm')).sort()).toEqual(
      SHIPPED_LIBS.map((l) => l.file).sort(),
    );
  });

  test('Chrome: nothing in webllm/ but verified libraries', () => {
    const dir = join(EXTENSION_PATH, 'webllm');
    const shipped = existsSync(dir) ? readdirSync(dir) : [];
    for (const f of shipped)
      expect(SHIPPED_LIBS.find((l) => l.file === f)?.sha256, f).toBe(sha(join(dir, f)));
  });
});

const MODEL = modelInfo('Qwen2.5-0.5B-Instruct-q4f16_1-MLC');
const BASE = `https://huggingface.co/mlc-ai/${MODEL?.id}/resolve/${MODEL?.rev}/`;

describe.skipIf(!HAVE_LIBS)('a local model in Chromium', () => {
  let h: Harness;
  const asked: string[] = [];
  let refuse = true;
  let route: { close: () => void } | undefined;
  beforeAll(async () => {
    h = await launch({ args: ['--remote-debugging-port=0'] });
    // The one host a local model's weights come from, answered with a tiny model of two shards.
    route = await routeOffscreen(
      h.userDataDir,
      await worker(h.context),
      'https://huggingface.co/*',
      (url) => {
        asked.push(url);
        const file = url.slice(url.lastIndexOf('/') + 1);
        const json = (body: unknown) => ({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(body),
        });
        if (file === 'mlc-chat-config.json')
          return json({ tokenizer_files: ['tokenizer.json'], conv_template: {}, context_window_size: 4096 });
        if (file === 'tokenizer.json') return json({ model: { vocab: {} } });
        if (file === 'ndarray-cache.json')
          return json({
            records: [
              { dataPath: 'params_shard_0.bin', nbytes: 2048 },
              { dataPath: 'params_shard_1.bin', nbytes: 1024 },
            ],
          });
        if (file === 'params_shard_1.bin' && refuse) return { status: 403, body: 'no' };
        if (file.startsWith('params_shard_')) return { status: 200, body: Buffer.alloc(16) };
        return { status: 404, body: 'missing' };
      },
    );
  });
  afterAll(async () => {
    route?.close();
    await h?.close();
  });

  test('with no usable GPU, Options says so and offers nothing to download', async () => {
    const page = await openOptions(h, 'model');
    await page.getByText(/WebLLM models: No usable GPU/).waitFor();
    expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
    expect(asked).toEqual([]);
    await page.close();
  });

  test('with a GPU: files at the pinned commit, a refused shard named with Retry, then ready, then Delete', async () => {
    await h.context.addInitScript(() => {
      const adapter = { info: { vendor: 'test', architecture: 'gpu' }, features: new Set(['shader-f16']) };
      Object.defineProperty(Navigator.prototype, 'gpu', {
        get: () => ({ requestAdapter: async () => adapter }),
        configurable: true,
      });
    });
    const page = await openOptions(h, 'model');
    await page.getByRole('button', { name: 'Download Qwen2.5 0.5B Instruct' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toBe('Could not download params_shard_1.bin: the server answered 403.');
    refuse = false;
    const before = asked.length;
    await page.getByRole('button', { name: 'Retry Qwen2.5 0.5B Instruct' }).click();
    await page.getByText('Downloaded · 3.1 kB on this device').waitFor({ timeout: 30_000 });
    // The retry fetched only what was missing; every file came from the pinned commit, none was code.
    expect(asked.slice(before)).toEqual([`${BASE}params_shard_1.bin`]);
    expect(asked.every((u) => u.startsWith(BASE))).toBe(true);
    expect(h.blocked.filter((u) => /\.(wasm|m?js)(\?|$)/.test(u))).toEqual([]);
    await page.close();
  });

  test('choosing the model loads its library from the extension and links it; the GPU is what stops it here', async () => {
    const page = await openOptions(h, 'model');
    await page.getByLabel('Provider', { exact: true }).selectOption('webllm');
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption(MODEL?.id ?? '');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Saved\./).waitFor();
    const before = asked.length;
    await page.getByRole('button', { name: 'Test connection' }).click();
    const said = page.getByText(/^Could not use Qwen2\.5-0\.5B-Instruct-q4f16_1-MLC/);
    await said.waitFor({ timeout: 60_000 });
    const text = (await said.textContent()) ?? '';
    console.log(`Test connection on a GPU-less offscreen document: ${text}`);
    // web-llm 0.2.79 fetched the library, instantiated it (a LinkError would say so), then found no WebGPU.
    expect(text).toMatch(/Unable to find a compatible GPU/);
    expect(text).not.toMatch(/LinkError|Import #|TVMWasmPackedCFunc/);
    // The configuration came from the cache the download filled: no request at all, for code or data.
    expect(asked.slice(before)).toEqual([]);
    expect(h.blocked.filter((u) => /\.(wasm|m?js)(\?|$)/.test(u))).toEqual([]);
    await page.getByRole('button', { name: 'Delete Qwen2.5 0.5B Instruct' }).click();
    await page.getByRole('button', { name: 'Download Qwen2.5 0.5B Instruct' }).waitFor();
    await page.close();
  });
});
