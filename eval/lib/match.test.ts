// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { containsToken, MATCH_THRESHOLD, matchTexts, normalizeText, similarity, tokens } from './match';

describe('normalization and tokens', () => {
  it('folds width and case with NFKC and collapses whitespace', () => {
    expect(normalizeText('  ＡＢＣ１２３\n\tTokyo ')).toBe('abc123 tokyo');
  });

  it('drops punctuation and stopwords, keeps numbers and negations, strips plurals', () => {
    expect([...tokens("User's partner, Jonas, prefers cats!")]).toEqual(['partner', 'jona', 'prefer', 'cat']);
    expect(tokens('User is not allergic').has('not')).toBe(true);
    expect([...tokens('Exam on 2026-07-15')]).toEqual(['exam', '2026', '07', '15']);
  });

  it('cuts Chinese and Japanese into character bigrams, Latin runs into words', () => {
    expect([...tokens('李伟住在成都')]).toEqual(['李伟', '伟住', '住在', '在成', '成都']);
    // "用户"/"ユーザー" are "User": a stopword, like in English.
    expect([...tokens('用户住在成都')]).toEqual(['住在', '在成', '成都']);
    expect([...tokens('ユーザーは猫')]).toEqual(['猫']);
    expect([...tokens('猫のモモ')]).toEqual(['猫の', 'のモ', 'モモ']);
    expect([...tokens('2026年7月')]).toEqual(['2026', '年', '7', '月']);
  });
});

describe('similarity', () => {
  it('is 1 for the same fact and symmetric', () => {
    expect(similarity('User lives in Lisbon', 'user LIVES in lisbon.')).toBe(1);
    const a = 'User moved to Lisbon from Berlin in April 2026';
    const b = 'User lives in Lisbon, having moved from Berlin in April 2026';
    expect(similarity(a, b)).toBe(similarity(b, a));
    expect(similarity(a, b)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('keeps different places and negated facts below the threshold', () => {
    expect(similarity('User lives in Berlin', 'User lives in Lisbon')).toBeLessThan(MATCH_THRESHOLD);
    expect(similarity('User is allergic to penicillin', 'User is not allergic to penicillin')).toBeLessThan(
      MATCH_THRESHOLD,
    );
  });

  it('matches CJK paraphrases sensibly and keeps a different city apart', () => {
    expect(
      similarity('ユーザーはモモという猫を飼っている', 'モモという名前の猫を飼っている'),
    ).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(similarity('用户住在深圳', '用户住在成都')).toBeLessThan(MATCH_THRESHOLD);
  });
});

describe('matchTexts', () => {
  it('assigns one-to-one, best pair first, whatever the order', () => {
    const expected = ['User lives in Lisbon', 'User has a cat named Pixel'];
    const produced = ['User has a cat named Pixel', 'User lives in Lisbon now', 'User lives in Lisbon'];
    const pairs = matchTexts(expected, produced);
    expect(pairs.map((p) => [p.expected, p.produced])).toEqual([
      [0, 2],
      [1, 0],
    ]);
  });

  it('never reuses a produced memory for two expected ones', () => {
    const pairs = matchTexts(
      ['User lives in Lisbon', 'User lives in Lisbon, Portugal'],
      ['User lives in Lisbon'],
    );
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.expected).toBe(0);
  });

  it('returns nothing below the threshold', () => {
    expect(matchTexts(['User is vegetarian'], ['User owns a sailing yacht'])).toEqual([]);
  });
});

describe('containsToken (mustKeep / mustNot)', () => {
  it('finds whole tokens only, so short forbidden tokens do not fire inside other words', () => {
    expect(containsToken('User is shopping for a spinning bike', 'PIN')).toBe(false);
    expect(containsToken("User's bank PIN is 4471", 'PIN')).toBe(true);
    expect(containsToken('Uses code blocks', 'Bloc')).toBe(false);
    expect(containsToken('Bought in 20190', '2019')).toBe(false);
    expect(containsToken('a 2019 ThinkPad', '2019')).toBe(true);
  });

  it('lets a number touch letters and punctuation, and matches CJK as a substring', () => {
    expect(containsToken('LASIK at 8:30am', '8:30')).toBe(true);
    expect(containsToken('key sk-proj-7Hq2LmX9vRt4WbZ1.', 'sk-proj-7Hq2LmX9vRt4WbZ1')).toBe(true);
    expect(containsToken('Password: Tr0ub4dor&3', 'Tr0ub4dor&3')).toBe(true);
    expect(containsToken('ユーザーはモモという猫を飼っている', 'モモ')).toBe(true);
    expect(containsToken('用户对花生过敏', '花生')).toBe(true);
    expect(containsToken('ＦＡＢＲＩＫＡＭ team', 'Fabrikam')).toBe(true);
  });
});
