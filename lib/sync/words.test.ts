// Generated passphrases (#25): words from EFF's long list, drawn uniformly, clearing the floor.
import { describe, expect, it } from 'vitest';
import { passphraseProblem } from './passphrase';
import { bitsOf, suggestPassphrase, WORDS } from './words';

describe('suggested passphrases', () => {
  it("come from EFF's list of 7,776 distinct words, five at a time, about 64 bits", () => {
    expect(WORDS).toHaveLength(7776);
    expect(new Set(WORDS).size).toBe(7776);
    expect(WORDS.slice(0, 2)).toEqual(['abacus', 'abdomen']);
    expect(bitsOf(5)).toBeGreaterThan(64);
    const known = new Set(WORDS);
    const drawn = Array.from({ length: 50 }, () => suggestPassphrase());
    for (const p of drawn) {
      expect(p.split(' ')).toHaveLength(5);
      expect(p.split(' ').every((w) => known.has(w))).toBe(true);
      expect(passphraseProblem(p)).toBeNull();
    }
    expect(new Set(drawn).size).toBe(50);
  });

  it('reach the whole list: 20,000 words drawn touch both ends and no word far more than its share', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++)
      for (const w of suggestPassphrase().split(' ')) counts.set(w, (counts.get(w) ?? 0) + 1);
    // 20,000 draws over 7,776 words: about 2.6 each; a word drawn 15 times would be a broken draw.
    expect(Math.max(...counts.values())).toBeLessThan(15);
    expect(counts.size).toBeGreaterThan(7000);
  });
});

describe('the floor, as a code the page words (#37)', () => {
  it.each([
    ['a', 'short'],
    ['correct horse', 'short'],
    ['aaaaaaaaaaaaaaaaaaaaaaaa', 'repeats'],
    ['1212121212121212', 'repeats'],
    ['strawberry strawberry', 'same-word'],
  ] as const)('%s is refused', (p, fault) =>
    expect(passphraseProblem(p)).toEqual({ code: 'weak-passphrase', fault, length: p.length }),
  );

  it.each(['correct horse battery staple', 'Tr0ub4dor&3-and-some-more', 'tidy lantern orbit velvet canyon'])(
    '%s clears it',
    (p) => expect(passphraseProblem(p)).toBeNull(),
  );
});
