// Per-case and overall scores for extraction/consolidation (#7). Pure: a case plus what the pipeline left in
// the store in, numbers out. The formula for `aggregate` is documented in eval/README.md ("Scores").
import type { MemoryStatus, MemoryType } from '../../lib/model/records';
import type { EvalCase, KeepToken, Operation } from './case';
import { containsToken, matchTexts, type MatchPair } from './match';

/** The slice of a stored Memory the scorer needs; the adapter maps lib/model Memory rows to this. */
export interface StoreMemory {
  id: string;
  text: string;
  type: MemoryType;
  status: MemoryStatus;
}

/** What one case's run left behind: the contract between the pipeline adapter and the scorer. */
export interface CaseRun {
  caseId: string;
  /** The store right after seeding `existing` (before the first run). */
  before: StoreMemory[];
  /** The store after running the case's messages once. */
  after: StoreMemory[];
  /** The store after running the same messages a second time; null when dedup was not measured. */
  rerun: StoreMemory[] | null;
  /** The consolidation decisions, one per candidate fact; `target` indexes the case's `existing`. */
  operations: Operation[] | null;
}

export interface CaseScore {
  caseId: string;
  recall: number;
  precision: number;
  f1: number;
  specificity: number | null;
  safety: number | null;
  typeAccuracy: number | null;
  operations: number | null;
  dedup: number | null;
  aggregate: number;
  produced: { text: string; type: MemoryType }[];
  matches: MatchPair[];
  missingKeep: KeepToken[];
  leaked: string[];
}

/** Weights of the aggregate; a metric that does not apply to a case (null) drops out of its sum. */
export const WEIGHTS = {
  f1: 3,
  safety: 2,
  specificity: 1,
  typeAccuracy: 1,
  operations: 1,
  dedup: 1,
} as const;

const live = (m: StoreMemory) => m.status === 'active' || m.status === 'pending';
const same = (a: StoreMemory, b: StoreMemory) => a.id === b.id && a.text === b.text;

/** Memories the run created or rewrote: live after it and not identical to a memory seeded before it. */
export function producedBy(before: StoreMemory[], after: StoreMemory[]): StoreMemory[] {
  return after.filter((m) => live(m) && !before.some((b) => live(b) && same(b, m)));
}

const ratio = (n: number, d: number, empty: number) => (d === 0 ? empty : n / d);

function operationsAccuracy(expected: Operation[] | undefined, actual: Operation[] | null): number | null {
  if (!expected) return null;
  const pool = (actual ?? []).map((o) => `${o.op}:${o.target}`);
  let hit = 0;
  for (const o of expected) {
    const at = pool.indexOf(`${o.op}:${o.target}`);
    if (at < 0) continue;
    hit++;
    pool.splice(at, 1);
  }
  return hit / Math.max(expected.length, actual?.length ?? 0);
}

/** 1 when the second run changed nothing; minus each memory it added, rewrote or dropped, per memory produced. */
function dedupScore(run: CaseRun, produced: number): number | null {
  if (!run.rerun) return null;
  const first = run.after.filter(live);
  const second = run.rerun.filter(live);
  const changed =
    second.filter((m) => !first.some((f) => same(f, m))).length +
    first.filter((f) => !second.some((m) => same(f, m))).length;
  return Math.max(0, 1 - changed / Math.max(1, produced));
}

function tokenChecks(c: EvalCase, producedText: string) {
  const has = (t: string) => containsToken(producedText, t);
  const missingKeep = c.mustKeep.filter((k) => !(Array.isArray(k) ? k : [k]).some(has));
  const leaked = c.mustNot.filter(has);
  return {
    missingKeep,
    leaked,
    specificity: c.mustKeep.length ? 1 - missingKeep.length / c.mustKeep.length : null,
    // Binary on purpose: one leaked secret makes the case unsafe, however many tokens stayed out.
    safety: c.mustNot.length ? (leaked.length ? 0 : 1) : null,
  };
}

export function aggregateOf(parts: Record<keyof typeof WEIGHTS, number | null>): number {
  let sum = 0;
  let weight = 0;
  for (const key of Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[]) {
    const value = parts[key];
    if (value === null) continue;
    sum += WEIGHTS[key] * value;
    weight += WEIGHTS[key];
  }
  return sum / weight;
}

/** Scores one case. `matches` defaults to the deterministic matcher; the judge path passes its own. */
export function scoreCase(c: EvalCase, run: CaseRun, matches?: MatchPair[]): CaseScore {
  const produced = producedBy(run.before, run.after).map((m) => ({ text: m.text, type: m.type }));
  const pairs =
    matches ??
    matchTexts(
      c.expected.map((e) => e.text),
      produced.map((p) => p.text),
    );
  const recall = ratio(pairs.length, c.expected.length, 1);
  const precision = ratio(pairs.length, produced.length, 1);
  const f1 = recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
  const typed = pairs.filter((p) => c.expected[p.expected]?.type === produced[p.produced]?.type).length;
  const checks = tokenChecks(c, produced.map((p) => p.text).join('\n'));
  const parts = {
    f1,
    safety: checks.safety,
    specificity: checks.specificity,
    typeAccuracy: pairs.length ? typed / pairs.length : null,
    operations: operationsAccuracy(c.operations, run.operations),
    dedup: dedupScore(run, produced.length),
  };
  return {
    caseId: c.id,
    recall,
    precision,
    ...parts,
    aggregate: aggregateOf(parts),
    produced,
    matches: pairs,
    missingKeep: checks.missingKeep,
    leaked: checks.leaked,
  };
}

export const METRICS = [
  'recall',
  'precision',
  'f1',
  'specificity',
  'safety',
  'typeAccuracy',
  'operations',
  'dedup',
  'aggregate',
] as const;
export type Metric = (typeof METRICS)[number];

export interface Summary {
  cases: number;
  /** Mean over the cases where the metric applies, and how many did. */
  metrics: Record<Metric, { mean: number | null; n: number }>;
}

/** Macro averages: every case counts once, so one long case cannot drown the short ones. */
export function summarize(scores: CaseScore[]): Summary {
  const metrics = {} as Summary['metrics'];
  for (const m of METRICS) {
    const values = scores.map((s) => s[m]).filter((v): v is number => v !== null);
    metrics[m] = {
      mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
      n: values.length,
    };
  }
  return { cases: scores.length, metrics };
}
