// Content scripts run on every chat page: no React, tokenizer or web-llm may reach them (#2).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SITES } from '../../lib/sites/registry';
import { EXTENSION_PATH } from './harness';

const BUDGET = 50 * 1024;

test('every content-script bundle is at most 50 kB minified', () => {
  const dir = join(EXTENSION_PATH, 'content-scripts');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const size = statSync(join(dir, f)).size;
    console.log(`content-scripts/${f}: ${(size / 1024).toFixed(1)} kB (budget 50 kB)`);
    expect(size, f).toBeLessThanOrEqual(BUDGET);
  }
});

// Shared code in one piece, not in every site's script (#36 item 3): a chat page runs its site's script (the adapter)
// and chat.js (capture, the button, the preview, messaging), which meet through lib/page/hub.ts in either order. A
// site's script that bundled the shared code again would grow with every feature (chatgpt.js was 50.7 kB).
test('each site’s script holds its adapter only; the shared chat-page code is in chat.js, on every site', () => {
  const dir = join(EXTENSION_PATH, 'content-scripts');
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  // Messages only lib/page/start.ts sends: where they are, the shared code is.
  const shared = ['previewRegister', 'reportCaptureStatus', 'offerCount'];
  const manifest = JSON.parse(readFileSync(join(EXTENSION_PATH, 'manifest.json'), 'utf8')) as {
    content_scripts: { js: string[]; matches: string[]; world?: string }[];
  };
  const entry = manifest.content_scripts.find((c) => c.js.includes('content-scripts/chat.js'));
  for (const site of SITES) {
    const file = `${site.site}.js`;
    const size = statSync(join(dir, file)).size;
    console.log(`content-scripts/${file}: ${(size / 1024).toFixed(1)} kB, shared code in chat.js`);
    for (const name of shared) expect(read(file), `${file} carries ${name}`).not.toContain(name);
    for (const host of site.hosts) expect(entry?.matches).toContain(`https://${host}/*`);
  }
  for (const name of shared) expect(read('chat.js')).toContain(name);
  expect(entry?.world).toBeUndefined();
});

// The offscreen document also hosts the past-turn index (#13): parsing web-llm (~6 MB) up front made its cold
// start ~2.2 s before the first past-chat query could run (docs/past-index.md). web-llm loads on first use.
test('the offscreen document loads web-llm only on demand', () => {
  const html = readFileSync(join(EXTENSION_PATH, 'offscreen.html'), 'utf8');
  const eager = [...html.matchAll(/(?:src|href)="\/(chunks\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  expect(eager.length).toBeGreaterThan(0);
  const eagerBytes = eager.reduce((sum, f) => sum + statSync(join(EXTENSION_PATH, f)).size, 0);
  console.log(`offscreen.html loads ${eager.length} chunks, ${(eagerBytes / 1024).toFixed(1)} kB up front`);
  expect(eagerBytes).toBeLessThanOrEqual(300 * 1024);
  const chunks = readdirSync(join(EXTENSION_PATH, 'chunks'));
  const webllm = chunks.filter((f) =>
    readFileSync(join(EXTENSION_PATH, 'chunks', f), 'utf8').includes('WebGPU is not supported'),
  );
  expect(webllm.length, 'web-llm is still shipped, in a chunk of its own').toBeGreaterThan(0);
  for (const f of webllm) expect(eager, f).not.toContain(`chunks/${f}`);
});

// sqlite-wasm names two workers of its own that Engram never starts (scripts/sqlite-build.ts). Before they were
// cut, the Chrome build carried SQLite's JavaScript four times (~3.3 MB), and a proxy whose source comments
// named hosts the package never contacts (remote-code.e2e).
test('the Chrome build ships one copy of SQLite, in the past index worker, and its wasm file once', () => {
  const all = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? all(join(dir, e.name)) : [join(dir, e.name)],
    );
  const files = all(EXTENSION_PATH);
  const sqlite = files.filter(
    (f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes('sqlite3ApiBootstrap'),
  );
  expect(sqlite.map((f) => f.slice(EXTENSION_PATH.length + 1))).toEqual([
    expect.stringMatching(/^assets\/worker-[\w-]+\.js$/),
  ]);
  expect(files.filter((f) => f.endsWith('.wasm') && f.includes('sqlite3'))).toHaveLength(1);
  expect(files.filter((f) => /sqlite3-(worker1|opfs-async-proxy)/.test(f))).toEqual([]);
});

// Chrome loads the service worker's whole script at every start (MV3 stops an idle worker after ~30 s). The
// tokenizer's ranks (2.3 MB) were 2.3 of its 3.0 MB; they are now a JSON file in the package, read on first
// count (scripts/tiktoken-ranks.ts). Cold click → preview went from ~1.1 s to ~0.23 s with the offscreen
// document counting past lines (docs/past-index.md).
test('the service worker script carries no token ranks; they ship once, as a package file', () => {
  const size = statSync(join(EXTENSION_PATH, 'background.js')).size;
  console.log(`background.js: ${(size / 1024).toFixed(1)} kB`);
  // The ranks alone are 2.3 MB: this bound catches them. The worker carries each catalogue's block and page words
  // only, not i18next and the ten whole catalogues (lib/i18n/block-words.ts): 1,446,484 → 822,974 B (#37).
  expect(size).toBeLessThanOrEqual(1024 * 1024);
  const ranks = JSON.parse(readFileSync(join(EXTENSION_PATH, 'tiktoken/o200k_base.json'), 'utf8')) as {
    bpe_ranks: string;
  };
  expect(ranks.bpe_ranks.length).toBeGreaterThan(2_000_000);
  const chunks = readdirSync(join(EXTENSION_PATH, 'chunks'));
  expect(chunks.filter((f) => f.startsWith('o200k_base'))).toEqual([]);
});
