// `npm run eval:recall -- --dataset <file> --budget <n> [--source observations|turns|both]`: how often the
// block recall builds for a LoCoMo question holds that question's evidence (#5). Prints JSON.
import { parseArgs } from 'node:util';
import { RecallIndex } from '../lib/recall/index';
import { recall } from '../lib/recall/recall';
import { loadLocomo, type Source } from './locomo-recall';

interface Tally {
  questions: number;
  hits: number;
  coverage: number;
  latencies: number[];
}

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: '../shared/locomo/locomo-dev.json' },
    budget: { type: 'string', default: '1000' },
    source: { type: 'string', default: 'observations' },
  },
});
const budgetTokens = Number(values.budget);
const source = values.source as Source;
if (!['observations', 'turns', 'both'].includes(source)) throw new Error(`--source ${source}?`);

const tallies = new Map<string, Tally>();
const tally = (key: string): Tally => {
  if (!tallies.has(key)) tallies.set(key, { questions: 0, hits: 0, coverage: 0, latencies: [] });
  return tallies.get(key)!;
};

for (const store of loadLocomo(values.dataset, source)) {
  const index = new RecallIndex();
  for (const m of store.memories) index.upsert(m);
  for (const q of store.questions) {
    if (q.evidence.length === 0) continue;
    const started = performance.now();
    const result = recall(index, {
      draft: q.question,
      recent: [],
      scopes: null,
      budgetTokens,
      now: store.now,
    });
    const ms = performance.now() - started;
    const covered = new Set(result.lines.flatMap((l) => l.memory.evidence ?? []));
    const share = q.evidence.filter((e) => covered.has(e)).length / q.evidence.length;
    for (const t of [tally('overall'), tally(`category ${q.category}`)]) {
      t.questions++;
      t.hits += share > 0 ? 1 : 0;
      t.coverage += share;
      t.latencies.push(ms);
    }
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;
const report = Object.fromEntries(
  [...tallies.entries()].sort().map(([key, t]) => {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    return [
      key,
      {
        questions: t.questions,
        hitAtBudget: round(t.hits / t.questions),
        evidenceCoverage: round(t.coverage / t.questions),
        latencyMs: { p50: round(pct(sorted, 0.5), 2), p95: round(pct(sorted, 0.95), 2) },
      },
    ];
  }),
);
console.log(JSON.stringify({ dataset: values.dataset, budgetTokens, source, ...report }, null, 2));
