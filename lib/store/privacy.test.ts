// A chat marked private on one device stays out of it when another device, which does not know yet, syncs its copy
// (#34): the verdict is device-local, so the other device keeps its own until it learns, but nothing it sends
// brings the chat or a memory drawn from it back here.
import Dexie from 'dexie';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MapBackend } from '../../test/helpers/memory-backend';
import { conversation, memory, turn } from '../../test/helpers/records';
import { StoreDevice } from '../../test/helpers/store-device';
import { getConversation, saveCapture, turnsOf } from './conversations';
import { db, deleteDb } from './db';
import { forgetPrivateChat } from './privacy';

const KEY = 'perplexity:nurse-in-leeds-x1Y2';
const chat = conversation({
  key: KEY,
  site: 'perplexity',
  id: 'nurse-in-leeds-x1Y2',
  url: 'https://www.perplexity.ai/search/nurse-in-leeds-x1Y2',
  title: 'Leeds',
});
const said = (id: string, text: string) =>
  turn({ key: `${KEY}:${id}`, conversationKey: KEY, id, text, order: Number(id.slice(1)) });
const source = { site: 'perplexity' as const, conversationId: chat.id, turnIds: ['t1'], url: null };

let a: StoreDevice;
let b: StoreDevice;
beforeEach(async () => {
  const backend = new MapBackend();
  a = new StoreDevice('A', backend);
  b = new StoreDevice('B', backend);
  await a.connect();
  await b.connect();
});
afterEach(async () => {
  await deleteDb();
  for (const name of ['A', 'B']) {
    await Dexie.delete(`engram-device-${name}`);
    await Dexie.delete(`engram-secrets-device-${name}`);
  }
});

it('a private chat and memories drawn from it never come back from a device that does not know', async () => {
  await b.run(() => saveCapture({ conversation: chat, turns: [said('t1', 'I am a nurse in Leeds.')] }));
  await b.sync();
  await a.sync();
  expect(await a.run(() => turnsOf(KEY))).toHaveLength(1);
  await a.run(() => forgetPrivateChat(KEY, 'perplexity', chat.id));
  await a.sync();
  await b.sync();
  // The other device follows the delete of the copy it had…
  expect(await b.run(() => getConversation(KEY))).toBeUndefined();
  // …and, not knowing why, reads the thread again and draws a memory from it.
  const later = { ...chat, updatedAt: new Date(Date.now() + 60_000).toISOString() };
  await b.run(() => saveCapture({ conversation: later, turns: [said('t2', 'I work nights.')] }));
  await b.commit(null, memory({ id: 'drawn', text: 'Works night shifts.', sources: [source] }), 'add');
  await b.add('Keeps bees.');
  await b.sync();
  await a.sync();
  expect(await a.run(() => getConversation(KEY))).toBeUndefined();
  expect(await a.run(() => turnsOf(KEY))).toEqual([]);
  const kept = await a.run(async () => (await db().memories.toArray()).map((m) => m.text));
  expect(kept).toEqual(['Keeps bees.']);
  expect(await a.run(async () => db().memoryEvents.where('memoryId').equals('drawn').count())).toBe(0);
});
