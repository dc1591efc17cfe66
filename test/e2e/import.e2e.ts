// Options → Data → "Import" (#3): detects the file kind, writes through the background in chunks, reports.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exportAll } from './export';
import { FIXTURES, launch, openOptions, type Harness } from './harness';

let h: Harness;
let options: Page;
beforeAll(async () => {
  h = await launch();
  options = await openOptions(h, 'data');
});
afterAll(async () => h?.close());

async function importFile(path: string): Promise<void> {
  await options.goto(`chrome-extension://${h.extensionId}/options.html#data`);
  await options.reload();
  await options.getByLabel('Import').setInputFiles(path);
}

test('a ChatGPT export imports its visible turns, even right after the worker was stopped', async () => {
  const cdp = await h.context.newCDPSession(options);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await importFile(join(FIXTURES, 'exports/chatgpt-export-2025.json'));
  await expect
    .poll(() => options.getByRole('status').textContent(), { timeout: 15_000 })
    .toContain('Imported 1 conversation, 4 new turns and 0 memories from a ChatGPT export.');
  const { data } = await exportAll(options);
  const conv = data.conversations.find((c) => c.id === '68a0c0de-0000-4000-8000-000000000001');
  expect(conv?.turns.map((t) => t.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
  expect(data.conversations.some((c) => c.title === 'Temporary thing')).toBe(false);
});

test('an Engram export imported again changes nothing, and a foreign file is refused', async () => {
  const before = await exportAll(options);
  const file = join(tmpdir(), `engram-roundtrip-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(before.data));
  await importFile(file);
  await expect.poll(() => options.getByRole('status').textContent()).toContain('from an Engram export');
  const after = await exportAll(options);
  expect(after.data.conversations).toEqual(before.data.conversations);
  const foreign = join(tmpdir(), `foreign-${Date.now()}.json`);
  writeFileSync(foreign, readFileSync('package.json', 'utf8'));
  await importFile(foreign);
  expect(await options.getByRole('alert').textContent()).toBe(
    'Import failed: This file is not an Engram, ChatGPT or Claude export.',
  );
});
