// Scores recall on LoCoMo stores (#5): for each question, the block recall builds within the budget, and
// which of the question's evidence turns it holds. The CLI (eval/recall.ts) and the gate test share this.
import { RecallIndex } from '../lib/recall/index';
import { recall } from '../lib/recall/recall';
import type { Store } from './locomo-recall';

export interface Score {
  questions: number;
  hitAtBudget: number;
  evidenceCoverage: number;
  latencyMs: { p50: number; p95: number };
}

interface Tally {
  questions: number;
  hits: number;
  coverage: number;
  latencies: number[];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

function summary(t: Tally): Score {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  return {
    questions: t.questions,
    hitAtBudget: round(t.hits / Math.max(1, t.questions)),
    evidenceCoverage: round(t.coverage / Math.max(1, t.questions)),
    latencyMs: { p50: round(pct(sorted, 0.5), 2), p95: round(pct(sorted, 0.95), 2) },
  };
}

/** "overall" and "category N" scores; questions without evidence are not counted. */
export function scoreRecall(stores: readonly Store[], budgetTokens: number): Record<string, Score> {
  const tallies = new Map<string, Tally>();
  const tally = (key: string): Tally => {
    const t = tallies.get(key) ?? { questions: 0, hits: 0, coverage: 0, latencies: [] };
    tallies.set(key, t);
    return t;
  };
  for (const store of stores) {
    // As in the extension: memories in one index, raw-turn excerpts in their own ("From past chats").
    const index = new RecallIndex();
    const excerpts = new RecallIndex();
    for (const m of store.memories) (m.excerpt ? excerpts : index).upsert(m);
    const past = excerpts.size > 0 ? { index: excerpts, skipConversation: null } : null;
    for (const q of store.questions) {
      if (q.evidence.length === 0) continue;
      const started = performance.now();
      const input = { draft: q.question, recent: [], scopes: null, budgetTokens, now: store.now, past };
      const result = recall(index, input);
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
  return Object.fromEntries([...tallies.entries()].sort().map(([key, t]) => [key, summary(t)]));
}

/** The scores an unlimited budget would reach: questions whose evidence is in no memory at all can't hit. */
export function reachable(stores: readonly Store[]): { hitAtBudget: number; evidenceCoverage: number } {
  let questions = 0;
  let hits = 0;
  let coverage = 0;
  for (const store of stores) {
    const held = new Set(store.memories.flatMap((m) => m.evidence ?? []));
    for (const q of store.questions) {
      if (q.evidence.length === 0) continue;
      const share = q.evidence.filter((e) => held.has(e)).length / q.evidence.length;
      questions++;
      hits += share > 0 ? 1 : 0;
      coverage += share;
    }
  }
  return {
    hitAtBudget: round(hits / Math.max(1, questions)),
    evidenceCoverage: round(coverage / Math.max(1, questions)),
  };
}
