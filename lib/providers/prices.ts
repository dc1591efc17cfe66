// USD per million tokens (input, output), from the providers' public price pages, 2026-11. An estimate for
// the Activity view (#6); unknown and local models cost null, never a guess.
const PRICES: [RegExp, number, number][] = [
  [/^gpt-4o-mini/, 0.15, 0.6],
  [/^gpt-4o/, 2.5, 10],
  [/^gpt-4\.1-nano/, 0.1, 0.4],
  [/^gpt-4\.1-mini/, 0.4, 1.6],
  [/^gpt-4\.1/, 2, 8],
  [/^gpt-5-nano/, 0.05, 0.4],
  [/^gpt-5-mini/, 0.25, 2],
  [/^claude-(3-5-)?haiku|^claude-haiku/, 0.8, 4],
  [/^claude-(3-7-|3-5-)?sonnet|^claude-sonnet/, 3, 15],
  [/^claude-opus|^claude-3-opus/, 15, 75],
];

export function estimateCostUsd(
  model: string,
  promptTokens: number,
  completionTokens: number,
): number | null {
  const name = model.replace(/^[\w.-]+\//, '').toLowerCase();
  const row = PRICES.find(([re]) => re.test(name));
  if (!row) return null;
  return (promptTokens * row[1] + completionTokens * row[2]) / 1_000_000;
}
