import { describe, expect, test } from 'vitest';
import de from '../../locales/de.json';
import ja from '../../locales/ja.json';
import { BLOCK_COSTS } from '../recall/block-costs';
import { ENGLISH_BLOCK } from '../recall/words';
import { blockWordsFor } from './block-words';

describe('the background’s block words, read from the catalogues at build time (#37)', () => {
  test('a language’s block is in its own words, with its own token costs', async () => {
    const words = await blockWordsFor('ja');
    expect(words.intro).toBe(ja.blockIntro);
    expect(words.sections.standing).toBe(ja.block.standing);
    expect(words.costs).toBe(BLOCK_COSTS.ja);
    expect((await blockWordsFor('de')).day('2023-05-08')).toBe('8. Mai 2023');
    expect((await blockWordsFor('de')).sections.about).toBe(de.block.about);
  });

  test('a language without a catalogue gets English, priced as English', async () => {
    const words = await blockWordsFor('xx');
    expect(words.intro).toBe(ENGLISH_BLOCK.intro);
    expect(words.costs).toBe(BLOCK_COSTS.en);
  });
});
