// Scores recall on LoCoMo stores (#5): for each question, the block recall builds within each budget, and
// which of the question's evidence turns it holds. The CLI (eval/recall.ts), the loss analysis
// (eval/recall-loss.ts) and the gate test share this.
import type { RecallIndex } from '../lib/recall/index';
import { recall, type RecallInput } from '../lib/recall/recall';
import { viewFor } from '../lib/past/memory-answer';
import { PAST_LIMIT } from '../lib/past/limits';
import type { PastEngine, RankWeights } from '../lib/past/engine';
import { hitText, pastLines } from '../lib/past/lines';
import { loadSqlite, memoryEngine, memoryTable } from '../lib/past/memory-db';
import { passagesOf, type PassageOptions } from '../lib/past/passages';
import { counted, tokens, type Question, type Store } from './locomo-recall';

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

/** Knobs of the past index, for tuning by the numbers (eval/recall.ts flags); defaults are what ships. */
export interface PastTuning {
  passage?: PassageOptions;
  weights?: RankWeights;
  limit?: number;
}

/** As in the extension: a store's raw turns in their own past index, one conversation per session. */
async function pastEngineOf(store: Store, tuning: PastTuning): Promise<PastEngine | null> {
  if (store.sessions.length === 0) return null;
  const engine = await memoryEngine();
  for (const session of store.sessions) {
    const key = session[0]?.conversationKey;
    if (key) engine.putConversation(key, passagesOf(session, true, tuning.passage));
  }
  return engine;
}

/** One question, ready to recall at any budget: its memory table's answer and the request without a budget. */
export interface Asked {
  store: Store;
  question: Question;
  index: RecallIndex;
  engine: PastEngine | null;
  input: Omit<RecallInput, 'budgetTokens'>;
  /** Time spent asking the memory table and the past index, part of every budget's latency. */
  pastMs: number;
}

/** Every question with evidence, in order, each with its past hits asked once for all budgets. */
export async function* askAll(stores: readonly Store[], tuning: PastTuning = {}): AsyncGenerator<Asked> {
  await loadSqlite();
  for (const store of stores) {
    const engine = await pastEngineOf(store, tuning);
    // As in the extension: the store's memories in the memory table beside its past index (#28).
    const table = memoryTable(store.memories);
    for (const question of store.questions) {
      if (question.evidence.length === 0) continue;
      const started = performance.now();
      const query = { limit: tuning.limit ?? PAST_LIMIT, skipConversation: null, weights: tuning.weights };
      const past = engine
        ? { lines: pastLines(counted(engine.query(question.question, query)), (h) => tokens(hitText(h))) }
        : null;
      const input = { draft: question.question, recent: [], scopes: null, now: store.now, past };
      const index = viewFor(table, { ...input, budgetTokens: 0 });
      yield { store, question, index, engine, input, pastMs: performance.now() - started };
    }
  }
}

/** The share of a question's evidence turns that the chosen lines hold. */
export function shareHeld(question: Question, lines: ReturnType<typeof recall>['lines']): number {
  const covered = new Set(lines.flatMap((l) => l.memory.evidence ?? []));
  return question.evidence.filter((e) => covered.has(e)).length / question.evidence.length;
}

/**
 * Per budget: "overall", "part tune", "part check" (locomo-recall.ts partOf) and "category N" scores;
 * questions without evidence are not counted.
 */
export async function scoreRecall(
  stores: readonly Store[],
  budgets: readonly number[],
  tuning: PastTuning = {},
): Promise<Record<number, Record<string, Score>>> {
  const tallies = new Map<number, Map<string, Tally>>(budgets.map((b) => [b, new Map()]));
  const tally = (budget: number, key: string): Tally => {
    const byKey = tallies.get(budget)!;
    const t = byKey.get(key) ?? { questions: 0, hits: 0, coverage: 0, latencies: [] };
    byKey.set(key, t);
    return t;
  };
  for await (const asked of askAll(stores, tuning)) {
    const { store, question: q } = asked;
    for (const budgetTokens of budgets) {
      const started = performance.now();
      const result = recall(asked.index, { ...asked.input, budgetTokens });
      const ms = asked.pastMs + performance.now() - started;
      const share = shareHeld(q, result.lines);
      for (const key of ['overall', `part ${store.part}`, `category ${q.category}`]) {
        const t = tally(budgetTokens, key);
        t.questions++;
        t.hits += share > 0 ? 1 : 0;
        t.coverage += share;
        t.latencies.push(ms);
      }
    }
  }
  const ordered = (byKey: Map<string, Tally>) =>
    Object.fromEntries([...byKey.entries()].sort().map(([key, t]) => [key, summary(t)]));
  return Object.fromEntries([...tallies.entries()].map(([budget, byKey]) => [budget, ordered(byKey)]));
}

/** The scores an unlimited budget would reach: questions whose evidence is in no memory at all can't hit. */
export function reachable(stores: readonly Store[]): { hitAtBudget: number; evidenceCoverage: number } {
  let questions = 0;
  let hits = 0;
  let coverage = 0;
  for (const store of stores) {
    const turnKeys = store.sessions.flatMap((s) => s.map((t) => t.key));
    const held = new Set([...store.memories.flatMap((m) => m.evidence ?? []), ...turnKeys]);
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
