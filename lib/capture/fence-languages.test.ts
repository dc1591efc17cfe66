// A block written in any language Engram speaks, or in English before the person switched, is fenced out of
// the next captured turn (#37), closed or cut short by the person.
import { describe, expect, test } from 'vitest';
import { readCatalogues } from '../../scripts/locales';
import { BLOCK_CLOSE, renderBlock, type BlockLine } from '../recall/block';
import { wordsOf } from '../recall/words';
import { fenceOwnBlock } from './fence';
import { introHash } from './intro-hash';

const LINES: BlockLine[] = [
  { text: 'Always answer in metric units.', tokenCount: 7, section: 'standing', date: null },
  { text: '東京に住んでいる。', tokenCount: 6, section: 'about', date: null },
  {
    text: 'Ran a marathon.',
    tokenCount: 4,
    section: 'context',
    date: { day: '2023-05-08', at: '2023-05-08' },
  },
  {
    text: 'Me: plan a week in Porto',
    tokenCount: 8,
    section: 'past',
    date: { day: '2024-09-30', at: '2024-09-30' },
  },
];

const catalogues = [...readCatalogues()];

describe.each(catalogues)('a block in %s', (code, c) => {
  const block = renderBlock(LINES, wordsOf(code, c.blockIntro, c.block));
  const question = 'Was ist mit morgen? 明日はどうする？';

  test('closed: only the question is captured', () => {
    expect(fenceOwnBlock(`${block}\n\n${question}`)).toBe(question);
  });

  test('its end cut off by the person: fenced as far as the block goes, the question kept', () => {
    const cut = block.replace(`\n${BLOCK_CLOSE}`, '');
    expect(fenceOwnBlock(`${cut}\n\n${question}`)).toBe(question);
    expect(fenceOwnBlock(`${cut}\nI moved to Lyon last week.`)).toBe('I moved to Lyon last week.');
  });
});

test('Japanese and German blocks are really in their language (a test of English twice proves nothing)', () => {
  const of = (code: string) => {
    const c = readCatalogues().get(code);
    return c ? renderBlock(LINES, wordsOf(code, c.blockIntro, c.block)) : '';
  };
  expect(of('ja')).toMatch(/常時ルール：[\s\S]*2023年5月8日：/);
  expect(of('de')).toMatch(/Feste Regeln:[\s\S]*Am 8\. Mai 2023:/);
});

test('the build knows every intro, and an English block from before #37 is still fenced', () => {
  const known = new Set<number>(JSON.parse(import.meta.env.ENGRAM_BLOCK_INTROS as string));
  for (const [, c] of catalogues) expect(known.has(introHash(c.blockIntro))).toBe(true);
  const before = [
    '<engram-memory>',
    "Notes about me from my memory — use them when relevant; don't mention them unless asked.",
    'About me:',
    '- I live in Lisbon.',
  ].join('\n');
  expect(fenceOwnBlock(`${before}\n\nWhat should I cook?`)).toBe('What should I cook?');
});
