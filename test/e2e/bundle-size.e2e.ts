// Content scripts run on every chat page: no React, tokenizer or web-llm may reach them (#2).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
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
