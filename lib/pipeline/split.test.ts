// Cutting text to a token budget loses and repeats nothing (#12).
import { beforeAll, describe, expect, test } from 'vitest';
import { countTokens } from '../tokens';
import { longChat } from '../../test/helpers/long-chat';
import { pack, splitToFit, tailToFit, unitsOf } from './split';

// The o200k encoder takes ~1 s to build (lib/tokens.ts), far longer on a loaded machine: once, up front.
beforeAll(() => countTokens(''), 60_000);

const answers = longChat()
  .filter((t) => t.role === 'assistant')
  .map((t) => t.text);

describe('splitToFit', () => {
  test.each([200, 700, 3000])(
    'long answers in pieces of at most %i tokens, joined back exactly',
    async (max) => {
      for (const text of answers.slice(0, 6)) {
        const pieces = await splitToFit(text, max, countTokens);
        expect(pieces.map((p) => p.text).join('')).toBe(text);
        for (const p of pieces) expect(await countTokens(p.text)).toBeLessThanOrEqual(max);
        // Greedy packing: no two neighbours would have fitted together.
        for (let i = 1; i < pieces.length; i++)
          expect(pieces[i - 1]!.tokens + pieces[i]!.tokens).toBeGreaterThan(max);
      }
    },
  );

  test('paragraph breaks are preferred to cutting a sentence', async () => {
    const text = 'First paragraph, one sentence.\n\nSecond paragraph, also one sentence.';
    const pieces = await splitToFit(text, 10, countTokens);
    expect(pieces.map((p) => p.text)).toEqual([
      'First paragraph, one sentence.\n\n',
      'Second paragraph, also one sentence.',
    ]);
  });

  test('text with no spaces (Japanese, a pasted blob) is cut by characters, surrogate pairs kept whole', async () => {
    const text = '私は来月ポルトに引っ越します。娘のアナは九月から学校に通います。😀'.repeat(30);
    const pieces = await splitToFit(text, 50, countTokens);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    for (const p of pieces) {
      expect(await countTokens(p.text)).toBeLessThanOrEqual(50);
      expect(p.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
  });

  test('text that fits is one piece', async () => {
    expect(await splitToFit('I live in Oslo.', 50, countTokens)).toEqual([
      { text: 'I live in Oslo.', tokens: 5 },
    ]);
  });
});

test('pack joins neighbours while their sum fits', () => {
  const u = (text: string, tokens: number) => ({ text, tokens });
  expect(pack([u('a', 3), u('b', 3), u('c', 5), u('d', 1), u('e', 9)], 6)).toEqual([
    u('ab', 6),
    u('cd', 6),
    u('e', 9),
  ]);
});

test('tailToFit keeps the end of a long turn, marked as cut', async () => {
  const text = answers[0]!;
  const tail = await tailToFit(text, 120, countTokens);
  expect(tail?.text.startsWith('… ')).toBe(true);
  expect(text.endsWith(tail!.text.slice(2))).toBe(true);
  expect(await countTokens(tail!.text)).toBeLessThanOrEqual(120);
  expect(await tailToFit('Short.', 120, countTokens)).toEqual({ text: 'Short.', tokens: 2 });
  expect((await unitsOf(text, 120, countTokens)).length).toBeGreaterThan(1);
});
