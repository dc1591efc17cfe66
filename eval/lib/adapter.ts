// THE SEAM (#7 ↔ #4): the harness scores whatever an ExtractionAdapter leaves in the store. The real adapter
// (eval/extract.ts, wired by the lead after #4 merges) seeds an in-memory store with `existing`, runs the
// pipeline over `messages` twice and snapshots the store; the scripted one below needs no pipeline.
import type { EvalCase, Operation } from './case';
import { matchWithJudge, type Judge } from './judge';
import { producedBy, scoreCase, type CaseRun, type CaseScore, type StoreMemory } from './score';

export interface ExtractionAdapter {
  /** The column header in reports, e.g. "extraction@v1+consolidation@v1 · gpt-4o-mini". */
  readonly label: string;
  runCase(c: EvalCase): Promise<CaseRun>;
}

/** The store as the adapter must seed it: `existing[i]` gets id `e<i>`, so operations can name targets. */
export function seedStore(c: EvalCase): StoreMemory[] {
  return c.existing.map((m, i) => ({ id: `e${i}`, text: m.text, type: m.type, status: 'active' }));
}

/** Maps a memory id back to its `existing` index for Operation.target; null for memories the run created. */
export function existingIndex(id: string): number | null {
  const m = /^e(\d+)$/.exec(id);
  return m ? Number(m[1]) : null;
}

export interface ScriptedAnswer {
  memories: { text: string; type: StoreMemory['type'] }[];
  operations: Operation[] | null;
  /** What a second run wrongly adds; empty for a pipeline that deduplicates. */
  rerunAdds: { text: string; type: StoreMemory['type'] }[];
}

/** Plays an answer as if the pipeline had run: UPDATE/DELETE targets leave, the answer's memories arrive. */
export function applyAnswer(c: EvalCase, answer: ScriptedAnswer): CaseRun {
  const before = seedStore(c);
  const gone = new Set(
    (answer.operations ?? [])
      .filter((o) => o.op === 'UPDATE' || o.op === 'DELETE')
      .map((o) => `e${o.target}`),
  );
  const created = answer.memories.map((m, i) => ({ id: `n${i}`, ...m, status: 'active' as const }));
  const after = [
    ...before.map((m) => (gone.has(m.id) ? { ...m, status: 'deleted' as const } : m)),
    ...created,
  ];
  const dupes = answer.rerunAdds.map((m, i) => ({ id: `r${i}`, ...m, status: 'active' as const }));
  return { caseId: c.id, before, after, rerun: [...after, ...dupes], operations: answer.operations };
}

export function scriptedAdapter(label: string, answer: (c: EvalCase) => ScriptedAnswer): ExtractionAdapter {
  return { label, runCase: async (c) => applyAnswer(c, answer(c)) };
}

/** Runs cases one at a time (real providers rate-limit) and scores each; `judge` adds LLM-judged matches. */
export async function runSuite(
  cases: EvalCase[],
  adapter: ExtractionAdapter,
  options: { judge?: Judge; onCase?: (score: CaseScore) => void } = {},
): Promise<CaseScore[]> {
  const scores: CaseScore[] = [];
  for (const c of cases) {
    const run = await adapter.runCase(c);
    if (run.caseId !== c.id) throw new Error(`adapter answered case ${run.caseId} for ${c.id}`);
    const produced = producedBy(run.before, run.after).map((m) => m.text);
    const expected = c.expected.map((e) => e.text);
    const matches = options.judge ? await matchWithJudge(expected, produced, options.judge) : undefined;
    const score = scoreCase(c, run, matches);
    options.onCase?.(score);
    scores.push(score);
  }
  return scores;
}
