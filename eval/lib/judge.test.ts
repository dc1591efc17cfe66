// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { JUDGE_SYSTEM, judgeUser, makeJudge, matchWithJudge, saysYes } from './judge';
import type { ProviderRequest } from './provider';

describe('judge prompt and reply parsing', () => {
  it('puts both memories in the prompt in the order asked', () => {
    const u = judgeUser('first fact', 'second fact');
    expect(u.indexOf('Memory A: first fact')).toBeLessThan(u.indexOf('Memory B: second fact'));
    expect(JUDGE_SYSTEM).toMatch(/yes or no/);
  });

  it('reads yes/no leniently but never guesses', () => {
    expect(saysYes('Yes')).toBe(true);
    expect(saysYes('  "yes."')).toBe(true);
    expect(saysYes('No')).toBe(false);
    expect(saysYes('yesterday')).toBe(false);
    expect(saysYes('I think yes')).toBe(false);
  });
});

describe('makeJudge', () => {
  it('asks in both orders and needs two yeses', async () => {
    const asked: ProviderRequest[] = [];
    // A judge biased towards whatever comes first as A = "moved": accepts one order only.
    const biased = makeJudge(async (r) => {
      asked.push(r);
      return { text: r.user.startsWith('Memory A: User moved') ? 'yes' : 'no' };
    }, 'judge-model');
    expect(await biased('User moved to Lisbon', 'User lives in Lisbon')).toBe(false);
    expect(asked.map((r) => r.user.split('\n')[0])).toEqual([
      'Memory A: User moved to Lisbon',
      'Memory A: User lives in Lisbon',
    ]);
    expect(asked.every((r) => r.model === 'judge-model' && r.system === JUDGE_SYSTEM)).toBe(true);
    const fair = makeJudge(async () => ({ text: 'yes' }));
    expect(await fair('a', 'b')).toBe(true);
  });
});

describe('matchWithJudge', () => {
  it('keeps overlap matches and asks the judge only about the rest, one-to-one', async () => {
    const asked: string[] = [];
    const judge = async (a: string, b: string) => {
      asked.push(`${a} | ${b}`);
      return a.includes('Lisbon') && b.includes('Lisbon');
    };
    const pairs = await matchWithJudge(
      ['User lives in Lisbon', 'User has a cat named Pixel'],
      ['User has a cat named Pixel', 'User relocated to Lisbon', 'Lisbon is nice'],
      judge,
    );
    expect(pairs).toEqual([
      { expected: 0, produced: 1, similarity: 0, by: 'judge' },
      { expected: 1, produced: 0, similarity: 1, by: 'overlap' },
    ]);
    expect(asked).toEqual(['User lives in Lisbon | User relocated to Lisbon']);
  });
});
