// What a project chat says stays in its project (#34 item 4): the memories extracted from it carry its scope, and a
// change it proposes to a memory kept elsewhere becomes a memory of its own scope, leaving the other one as it was.
import 'fake-indexeddb/auto';
import { beforeEach, expect, test } from 'vitest';
import { db, deleteDb } from '../store/db';
import { reply, runPipeline, seedMemories, seedTurns } from '../../test/helpers/pipeline';

const PROJECT = 'project:chatgpt:g-p-1234';
const user = (text: string) => ({ role: 'user' as const, text });
const rows = async () => (await db().memories.toArray()).map((m) => [m.text, m.scope, m.status]);

beforeEach(() => deleteDb());

async function moved(scope: string | null) {
  await seedMemories(['Lives in Munich.']);
  await seedTurns([user('I moved to Berlin last month.')], 0, { scope });
  await runPipeline([
    reply.memories({ text: 'Moved from Munich to Berlin.' }),
    reply.ops({ op: 'UPDATE', target: 1, text: 'Lives in Berlin.', reason: 'city changed' }),
  ]);
  return rows();
}

test('a project chat’s new memory carries its scope', async () => {
  await seedTurns([user('I keep bees on my balcony.')], 0, { scope: PROJECT });
  await runPipeline([reply.memories({ text: 'Keeps bees on the balcony.' })]);
  expect(await rows()).toEqual([['Keeps bees on the balcony.', PROJECT, 'active']]);
});

test('a project chat does not change a global memory: its change is a memory of the project', async () => {
  const after = await moved(PROJECT);
  expect(after).toHaveLength(2);
  expect(after).toEqual(
    expect.arrayContaining([
      ['Lives in Munich.', 'global', 'active'],
      ['Lives in Berlin.', PROJECT, 'active'],
    ]),
  );
});

test('a chat outside projects extracts global memories and updates them as before', async () => {
  expect(await moved(null)).toEqual([['Lives in Berlin.', 'global', 'active']]);
});
