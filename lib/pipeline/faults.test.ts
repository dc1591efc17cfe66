// Fault injection of the integrity invariants (#12): seeded schedules of captures, extraction jobs, edits,
// deletes, Delete everything, imports and worker kills at random points, against a scripted model whose
// every call waits for the schedule. After each schedule: no deleted memory is live, no edit is lost, no turn
// is doubled, every job ended done or failed (or was cancelled by a delete), the memory index is the active
// memories, and Export all data validates and re-imports to the same export.
//   npm test runs FAULT_SCHEDULES (default 50); `npm run test:faults` runs 1,000.
//   A failure prints its seed: FAULT_SEED=<seed> npx vitest run lib/pipeline/faults.test.ts replays it.
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { invariantProblems } from '../../test/helpers/fault-checks';
import { mulberry32 } from '../../test/helpers/seeded-random';
import * as person from '../../test/helpers/fault-person';
import { importFile, World } from '../../test/helpers/fault-world';
import { startStoreFollowers } from '../background/recall/follow-store';
import { memoryHost } from '../past/memory-db';
import { resetRecallIndex } from '../background/recall/recall-area';
import { clearAllData } from '../store/manage';
import { db, deleteDb } from '../store/db';
import { readExport } from '../store/export';
import type { EngramExport } from '../model/export';
import { countTokens } from '../tokens';
import { runDueJobs } from './queue';

const env = (name: string) => (typeof process === 'undefined' ? undefined : process.env[name]);
const SEED = Number(env('FAULT_SEED') ?? NaN);
const COUNT = Number(env('FAULT_SCHEDULES') ?? 50);
const SEEDS = Number.isFinite(SEED) ? [SEED] : Array.from({ length: COUNT }, (_, i) => 1000 + i);
const STEPS = 24;

type Action = (w: World) => Promise<void> | void;
/** Weighted: what a person and a browser do most (capture, the model answering) comes up most. */
const ACTIONS: [number, string, Action][] = [
  [5, 'capture', (w) => w.capture()],
  [4, 'kick', (w) => void (w.kick(), w.trace.push('kick'))],
  [6, 'answer', (w) => void (w.model.answer(), w.trace.push('answer'))],
  [1, 'fail', (w) => void (w.model.fail(), w.trace.push('model fails'))],
  [3, 'edit', person.edit],
  [2, 'delete', person.deleteMemory],
  [1, 'restore', person.restore],
  [1, 'delete conversation', person.deleteConversation],
  [1, 'Delete everything', person.deleteEverything],
  [1, 'export', person.exportAll],
  [1, 'import', person.importOne],
  [1, 'kill', async (w) => (await w.kill(), void w.trace.push('kill the worker'))],
  [1, 'recall', (w) => w.recall()],
];
const TOTAL = ACTIONS.reduce((n, [weight]) => n + weight, 0);

function choose(rnd: () => number): Action {
  let roll = rnd() * TOTAL;
  for (const [weight, , action] of ACTIONS) if ((roll -= weight) < 0) return action;
  return ACTIONS[0]![2];
}

let clock = Date.parse('2026-11-29T12:00:00.000Z');
const tick = (ms = 1000) => vi.setSystemTime((clock += ms));

/** A fresh worker with a model that answers at once, run until every job has ended (backoffs elapse). */
async function finish(w: World): Promise<void> {
  await w.kill();
  w.model.instant = true;
  for (let round = 0; round < 12; round++) {
    tick(3_600_000);
    await runDueJobs(w.env());
    if ((await db().jobs.where('status').anyOf('pending', 'running').count()) === 0) break;
  }
  await w.observe();
}

async function schedule(w: World): Promise<void> {
  for (let step = 0; step < STEPS; step++) {
    tick();
    await choose(w.rnd)(w);
    await w.settle();
    await w.observe();
  }
  await finish(w);
}

/** Where two exports differ: the first record of each part that is not the same, by its id. */
function differences(a: EngramExport, b: EngramExport): string[] {
  const parts = ['conversations', 'memories', 'jobs', 'usage'] as const;
  return parts.flatMap((part) => {
    const [x, y] = [a[part] ?? [], b[part] ?? []].map((l) => l.map((r) => JSON.stringify(r)));
    const i = (x ?? []).findIndex((r, n) => r !== y?.[n]);
    if (i < 0 && x?.length === y?.length) return [];
    return [
      `${part}[${i < 0 ? x?.length : i}] differs after re-import: ${x?.[i] ?? '(none)'} vs ${y?.[i] ?? '(none)'}`,
    ];
  });
}

/** Export all data validates, and an empty store that imports it exports the same file. */
async function roundTrip(): Promise<string[]> {
  const before = await readExport();
  await clearAllData();
  const report = await importFile(before);
  const after = await readExport();
  return [
    ...report.refused.map((r) => `re-import refused ${r.what}: ${r.reason}`),
    ...differences(before, after),
  ];
}

beforeAll(async () => {
  await countTokens('warm');
  vi.useFakeTimers({ toFake: ['Date'] });
}, 60_000);
afterAll(() => vi.useRealTimers());
// The background starts these at every wake (entrypoints/background.ts); so does this file.
beforeAll(startStoreFollowers);
beforeEach(async () => {
  resetRecallIndex(memoryHost());
  await deleteDb();
});

test.each(SEEDS)(
  'fault schedule %i keeps every invariant',
  async (seed) => {
    const w = new World(mulberry32(seed));
    try {
      await schedule(w);
      const problems = [...(await invariantProblems(w.oracle)), ...(await roundTrip())];
      expect(problems).toEqual([]);
    } catch (e) {
      const trace = w.trace.join(' → ');
      console.error(
        `Fault schedule failed. Replay: FAULT_SEED=${seed} npx vitest run lib/pipeline/faults.test.ts\n${trace}`,
      );
      throw e;
    }
  },
  30_000,
);
