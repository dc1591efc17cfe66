// The background's side of the past index (#13): a full build sends conversations in batches, reading the next
// batch while the index's worker writes the last one; the batches must still arrive, and be written, in order.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { PastOp } from '../../model/past';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { memoryHost } from '../../past/memory-db';
import { settingsItem } from '../../settings';
import { deleteDb } from '../../store/db';
import { countTokens } from '../../tokens';
import { handlers } from '../handlers';
import { recallArea, resetRecallIndex } from './recall-area';

beforeAll(() => countTokens('warm'), 60_000);
beforeEach(async () => {
  await deleteDb();
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, rawTurns: false },
  });
  resetRecallIndex(memoryHost());
});

/** One captured Claude conversation of one user turn. */
const capture = (id: string, text: string) =>
  handlers.captureTurns(
    {
      site: 'claude',
      conversationId: id,
      url: `https://claude.ai/chat/${id}`,
      title: id,
      strategy: 'api',
      complete: true,
      turns: [{ id: `${id}-u`, role: 'user', text, createdAt: null }],
    },
    { url: `https://claude.ai/chat/${id}`, tab: { id: 1 } },
  );

test('a rebuild writes every conversation once, batch after batch, each sent only after the last is written', async () => {
  const ids = Array.from({ length: 60 }, (_, i) => `c${String(i).padStart(2, '0')}`);
  for (const id of ids) await capture(id, `Note ${id} about harbour ferries.`);
  const host = memoryHost();
  const log: string[] = [];
  let writing = 0;
  resetRecallIndex(async (op: PastOp) => {
    if (op.op !== 'put') return host(op);
    expect(writing, 'a batch was sent while the one before it was being written').toBe(0);
    writing++;
    log.push(op.conversations.map((c) => c.key).join(','));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reply = await host(op);
    writing--;
    return reply;
  });
  await recallArea().pastIndex.ready();
  const sent = log.join(',').split(',');
  expect(log.length).toBe(3);
  expect(new Set(sent).size).toBe(60);
  expect(sent).toHaveLength(60);
  expect((await recallArea().pastIndex.stats()).passages).toBe(60);
  expect((await recallArea().pastIndex.stats()).pending).toBe(0);
});

describe('stats', () => {
  // Options → Data shows how far a rebuild is; stats that waited for the whole rebuild could show none of it.
  test('answer while a rebuild is still writing, with the conversations still to go', async () => {
    for (const id of ['a', 'b']) await capture(id, `Ferry timetable ${id}.`);
    const host = memoryHost();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    resetRecallIndex(async (op: PastOp) => {
      if (op.op === 'put') await held;
      return host(op);
    });
    const ready = recallArea().pastIndex.ready();
    await expect.poll(async () => (await recallArea().pastIndex.stats()).pending).toBe(2);
    expect((await recallArea().pastIndex.stats()).passages).toBe(0);
    release();
    await ready;
    expect(await recallArea().pastIndex.stats()).toMatchObject({ pending: 0, passages: 2 });
  });
});

// #39: after a worker start the query goes right behind the open, beside the store read of the catch-up, and is
// asked again only when the catch-up wrote something; waiting for that read first held the first click.
test('after a worker start the query goes behind the open, and again only when the catch-up wrote', async () => {
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true },
  });
  const host = memoryHost();
  const ops: string[] = [];
  const recorded = (op: PastOp) => (ops.push(op.op), host(op));
  await capture('a', 'Ferry timetables to Split.');
  resetRecallIndex(recorded);
  await recallArea().pastIndex.ready();
  const turns = async () =>
    (await recallArea().pastIndex.query('ferry', 10, null)).map((h) => h.turnKey).sort();
  // A restarted worker: the index is there; nothing was captured meanwhile.
  resetRecallIndex(recorded);
  ops.length = 0;
  expect(await turns()).toEqual(['claude:a:a-u']);
  expect(ops).toEqual(['open', 'stats', 'query']);
  // A turn the index never heard of (captured while no worker followed): caught up, then asked again.
  await capture('b', 'The ferry to Hvar leaves at noon.');
  resetRecallIndex(recorded);
  ops.length = 0;
  expect(await turns()).toEqual(['claude:a:a-u', 'claude:b:b-u']);
  expect(ops).toEqual(['open', 'stats', 'query', 'put', 'query']);
});
