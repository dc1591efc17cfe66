import { expect, test } from 'vitest';
import { Lexicon } from './fuzzy';

/** The whole Levenshtein matrix, the reference. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

test('the trie finds exactly the words within the distance, over random words of a small alphabet', () => {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () =>
    Array.from({ length: 1 + Math.floor(rand() * 8) }, () => 'abcde'[Math.floor(rand() * 5)]).join('');
  const words = [...new Set(Array.from({ length: 400 }, word))];
  const lexicon = new Lexicon();
  for (const w of words) lexicon.add(w);
  for (let n = 0; n < 300; n++) {
    const term = word();
    const max = 1 + Math.floor(rand() * 2);
    const want = words.filter((w) => w !== term && distance(term, w) <= max).sort();
    const got = lexicon.near(term, max);
    expect(got.map(([w]) => w).sort(), `${term} within ${max}`).toEqual(want);
    for (const [w, d] of got) expect(d).toBe(distance(term, w));
  }
});

test('a typo finds the word, an unrelated word does not', () => {
  const lexicon = new Lexicon();
  for (const w of ['recommend', 'reckon', 'commend', 'screenplay']) lexicon.add(w);
  expect(lexicon.near('reccomend', 2)).toEqual([['recommend', 2]]);
  expect(lexicon.near('screenplai', 1)).toEqual([['screenplay', 1]]);
});
