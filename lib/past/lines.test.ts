import { describe, expect, test } from 'vitest';
import { hitLineText, hitTokenText, pastLines, withTokens } from './lines';

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
    expect(asked).toEqual(['Me: same', '- Me: same\n', 'Me: xy', '- Me: xy\n']);
    expect(hitTokenText(hit('a <b>'))).toBe('Me: a ‹b›');
  });

  // #28: the packer charges a line counted as printed exactly, not its text plus a 3-token margin.
  test("counts each counted hit's printed line too; a carried count is never recounted for its line", async () => {
    const count = async (text: string) => text.length;
    const [carried, fresh] = await withTokens([hit('a', 7), hit('b')], count);
    expect(carried).not.toHaveProperty('lineTokens');
    expect(fresh).toMatchObject({ tokens: 'Me: b'.length, lineTokens: '- Me: b\n'.length });
    expect(hitLineText(hit('a <b>'))).toBe('- Me: a ‹b›\n');
    const base = { id: 'x#0', turnKey: 't', at: '2026-01-01T00:00:00Z', score: 1, who: 'Me', text: 'b' };
    const user = { ...base, role: 'user' as const };
    const [line] = pastLines([{ ...user, lineTokens: 9 }], () => 5);
    expect(line?.memory).toMatchObject({ tokenCount: 5, lineTokens: 9, excerpt: true });
  });
});
