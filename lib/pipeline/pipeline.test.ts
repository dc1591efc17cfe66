// The whole pipeline with a scripted provider (#4 "Done when"): extraction -> gate -> consolidation -> store,
// with MemoryEvents. One row per behaviour the issue names; each would fail without the code it covers.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, test } from 'vitest';
import { deleteDb } from '../store/db';
import { GATE_CASES } from '../../test/helpers/gate-cases';
import { outcome, runPipeline, seedMemories, seedTurns } from '../../test/helpers/pipeline';
import { CONSOLIDATION_CASES } from '../../test/helpers/pipeline-cases';

const CASES = [...CONSOLIDATION_CASES, ...GATE_CASES];

beforeEach(async () => {
  await deleteDb();
});

describe('pipeline, table-driven', () => {
  test('has at least 20 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(20));

  test.each(CASES)('$name', async (c) => {
    const seeded = await seedMemories(c.existing ?? []);
    await seedTurns(c.turns);
    const { provider } = await runPipeline(c.steps, c.settings);
    c.check(await outcome(provider.requests, seeded));
  });
});
