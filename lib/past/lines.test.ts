import { describe, expect, test } from 'vitest';
import { hitTokenText, withTokens } from './lines';

describe('withTokens', () => {
  const hit = (text: string, tokens?: number) => ({
    who: 'Me',
    text,
    ...(tokens === undefined ? {} : { tokens }),
  });

  test('keeps a carried count, counts the rest once per distinct text, as the block prints it', async () => {
    const asked: string[] = [];
    const count = async (text: string) => (asked.push(text), text.length);
    const out = await withTokens([hit('a <b>', 7), hit('same'), hit('same'), hit('x\u202Ey')], count);
    expect(out.map((h) => h.tokens)).toEqual([7, 'Me: same'.length, 'Me: same'.length, 'Me: xy'.length]);
    expect(asked).toEqual(['Me: same', 'Me: xy']);
    expect(hitTokenText(hit('a <b>'))).toBe('Me: a ‹b›');
  });
});
