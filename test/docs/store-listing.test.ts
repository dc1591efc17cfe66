// The store listing (#36, #37): the page in docs/ is what the catalogues make, and the listing names the sites
// Engram reads, from the registry, in every language — it named six when there were twelve.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SITES } from '../../lib/sites/registry';
import { readCatalogues } from '../../scripts/locales';
import { storeListing } from '../../scripts/store-listing';

const catalogues = [...readCatalogues()];
const labels = SITES.map((s) => s.label);

describe('the store listing', () => {
  test('docs/store-listing.md is what `npm run docs:store-listing` writes from the catalogues', () => {
    const file = readFileSync(join(__dirname, '../../docs/store-listing.md'), 'utf8');
    expect(file).toBe(storeListing());
  });

  test.each(catalogues)('%s: the long description names every site of the registry', (_code, c) => {
    const missing = labels.filter((l) => !c.store.description.includes(l));
    expect(missing).toEqual([]);
  });

  test.each(catalogues)(
    '%s: the short description names five sites, all of them real, in 132 characters',
    (_c, c) => {
      const named = labels.filter((l) => c.manifest.description.includes(l));
      expect(named).toHaveLength(5);
      expect(c.manifest.description.length).toBeLessThanOrEqual(132);
    },
  );

  test('English says how many more, and Japanese, Korean and Chinese how many in all, from the registry', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    const en = readCatalogues().get('en')!.manifest.description;
    expect(en).toContain(`and ${words[SITES.length - 5]} more AI chats`);
    for (const code of ['ja', 'ko', 'zh-CN', 'zh-TW'])
      expect(readCatalogues().get(code)!.manifest.description).toContain(` ${SITES.length}`);
  });
});
