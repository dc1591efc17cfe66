// PRIVACY.md's claims and the store declarations hold together (#35): every test PRIVACY.md names exists with
// that title in that file, and the Firefox manifest declares what PRIVACY.md says can leave this computer.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DATA_COLLECTION } from '../lib/model/privacy';

const privacy = readFileSync('PRIVACY.md', 'utf8');
const claims = [...privacy.matchAll(/`([\w./-]+\.(?:test|e2e)\.tsx?)` › "([^"]+)"/g)].map((m) => ({
  file: m[1] ?? '',
  title: m[2] ?? '',
}));

describe('PRIVACY.md', () => {
  test('names a test for each claim', () => {
    expect(claims.length).toBeGreaterThanOrEqual(9);
  });

  test.each(claims)('$file › $title exists', ({ file, title }) => {
    expect(existsSync(file), file).toBe(true);
    const source = readFileSync(file, 'utf8');
    const quoted = [`'${title}'`, `"${title}"`, `\`${title}\``].some((q) => source.includes(q));
    expect(quoted, `${file} has no test titled ${title}`).toBe(true);
  });
});

test('Firefox declares the data that can leave this computer, as PRIVACY.md says', () => {
  expect(DATA_COLLECTION.required).not.toContain('none');
  for (const category of DATA_COLLECTION.required) expect(privacy).toContain(`\`${category}\``);
  const config = readFileSync('wxt.config.ts', 'utf8');
  expect(config).toContain('data_collection_permissions: { required: [...DATA_COLLECTION.required] }');
});
