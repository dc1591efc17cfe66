// Synthetic memory stores for bench:recall: Zipf-distributed made-up words (so no real data is needed),
// lengths and types like extracted memories, a few standing rules and pins, dates over three years.
import type { Recallable } from '../lib/recall/index';

const TYPES = ['profile', 'preference', 'event', 'event', 'correction', 'instruction'] as const;

export function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

export function vocabulary(size: number, rand: () => number): string[] {
  const syllables = 'ka lo mi ra ten vis dor pel su nar bi gro fen ash tul win ec om plu';
  const parts = syllables.split(' ');
  return Array.from({ length: size }, () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => parts[Math.floor(rand() * parts.length)]).join(
      '',
    ),
  );
}

/** Word i with probability ~ 1/(i+1): a few words everywhere, most rare, as in real text. */
export function sentence(words: readonly string[], length: number, rand: () => number): string {
  const out: string[] = [];
  for (let i = 0; i < length; i++)
    out.push(words[Math.floor(Math.exp(rand() * Math.log(words.length))) - 1] ?? words[0] ?? '');
  return out.join(' ');
}

export function memories(count: number, words: readonly string[], rand: () => number): Recallable[] {
  const start = Date.parse('2024-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const length = 6 + Math.floor(rand() * 24);
    const at = new Date(start + rand() * 3 * 365 * 86_400_000).toISOString();
    return {
      id: `m${i}`,
      text: sentence(words, length, rand),
      type: TYPES[Math.floor(rand() * TYPES.length)] ?? 'event',
      priority: rand() < 0.01 ? -1 : Math.floor(rand() * 100),
      pinned: rand() < 0.005,
      proofCount: 1 + Math.floor(rand() * 4),
      mentionedAt: at,
      occurredStart: at,
      occurredEnd: null,
      scope: rand() < 0.9 ? 'global' : 'site:chatgpt',
      status: 'active' as const,
      // ~3.0 tokens per made-up word (o200k over 500 generated memories); a bench needs no tokenizer.
      tokenCount: Math.ceil(length * 3),
    };
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
export const round = (n: number) => Math.round(n * 100) / 100;

/** p50 and p95 of timing samples, in ms to two decimals. */
export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), runs: samples.length };
}
