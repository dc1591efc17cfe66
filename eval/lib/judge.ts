// The optional LLM judge (--judge-model, #7): for pairs the token overlap did not match, ask "same core
// fact?" in both orders and accept only a double yes, so a judge that favours the first item cannot inflate
// recall. The lead wires `call` to a real provider; tests use a scripted one.
import { matchTexts, type MatchPair } from './match';
import type { ProviderCall } from './provider';

export const JUDGE_PROMPT_VERSION = 'judge@v1';

export const JUDGE_SYSTEM = [
  'You compare two short memories that an assistant stored about its user.',
  'Answer with exactly one word: yes or no.',
].join('\n');

export function judgeUser(a: string, b: string): string {
  return [
    `Memory A: ${a}`,
    `Memory B: ${b}`,
    '',
    'Do A and B state the same core fact about the same person?',
    'Say yes if they differ only in wording or if one adds minor detail.',
    'Say no if they differ in who, what, a number, a place or a date, or if one negates the other.',
    'Answer yes or no.',
  ].join('\n');
}

export type Judge = (a: string, b: string) => Promise<boolean>;

export const saysYes = (text: string) => /^\W*yes\b/i.test(text.trim());

export function makeJudge(call: ProviderCall, model?: string): Judge {
  const ask = async (a: string, b: string) =>
    saysYes((await call({ system: JUDGE_SYSTEM, user: judgeUser(a, b), schemaName: 'judge', model })).text);
  return async (a, b) => (await ask(a, b)) && (await ask(b, a));
}

/** Overlap matches first; then each unmatched expected memory, in order, takes the first produced one the judge accepts. */
export async function matchWithJudge(
  expected: string[],
  produced: string[],
  judge: Judge,
): Promise<MatchPair[]> {
  const pairs = matchTexts(expected, produced);
  const usedE = new Set(pairs.map((p) => p.expected));
  const usedP = new Set(pairs.map((p) => p.produced));
  for (const [i, e] of expected.entries()) {
    if (usedE.has(i)) continue;
    for (const [j, p] of produced.entries()) {
      if (usedP.has(j) || !(await judge(e, p))) continue;
      pairs.push({ expected: i, produced: j, similarity: 0, by: 'judge' });
      usedE.add(i);
      usedP.add(j);
      break;
    }
  }
  return pairs.sort((x, y) => x.expected - y.expected);
}
