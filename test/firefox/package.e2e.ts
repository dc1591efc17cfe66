// Firefox's package (#35), read from the Firefox build. Here and not in the Chromium suite: `npm test` builds
// Firefox after the Chromium e2e stage, so on a fresh clone the Chromium suite found no Firefox build and failed
// (CI, 2026-12-03).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DATA_COLLECTION } from '../../lib/model/privacy';

const DIR = '.output/firefox-mv3';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

test('Firefox: no local model and no file over 5 MB (addons.mozilla.org parses none larger)', () => {
  const all = files(DIR);
  expect(all.filter((f) => f.endsWith('.wasm') && f.includes('webllm'))).toEqual([]);
  expect(all.filter((f) => statSync(f).size > 5 * 1024 * 1024)).toEqual([]);
  // What it declares leaves this computer (PRIVACY.md, lib/model/privacy.ts).
  const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as {
    browser_specific_settings: { gecko: { data_collection_permissions: { required: string[] } } };
  };
  expect(manifest.browser_specific_settings.gecko.data_collection_permissions.required).toEqual([
    ...DATA_COLLECTION.required,
  ]);
});
