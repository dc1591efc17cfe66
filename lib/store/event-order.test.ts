import { beforeEach, expect, test } from 'vitest';
import { event, memory } from '../../test/helpers/records';
import { db, deleteDb } from './db';
import { lastEvent, writeMemories } from './manage';
import { historyOf, writeMemory } from './memories';
import { proposalBase } from './views';

beforeEach(deleteDb);

const AT = '2026-11-01T10:00:00.000Z';
const ops = async (id = 'm1') => (await historyOf(id)).map((e) => e.op);

// Ids run against the order of writing, so a read that falls back on the id index shows the wrong order every run.
test('changes made in one millisecond come back in the order they were made', async () => {
  await writeMemory(memory(), event({ id: 'z', op: 'add' }));
  await writeMemory(memory({ status: 'deleted' }), event({ id: 'm', op: 'delete' }));
  await writeMemory(memory(), event({ id: 'a', op: 'restore' }));
  expect(await ops()).toEqual(['add', 'delete', 'restore']);
  expect((await historyOf('m1')).map((e) => [e.at, e.seq])).toEqual([
    [AT, 1],
    [AT, 2],
    [AT, 3],
  ]);
  expect((await lastEvent('m1'))?.op).toBe('restore');
  expect((await proposalBase('m1')).event?.id).toBe('a');
});

test("times are the clock's: nothing is dated after the moment it was written", async () => {
  await writeMemory(memory(), event({ id: 'z', at: '2026-11-01T10:00:05.000Z' }));
  await writeMemory(memory(), event({ id: 'a', op: 'pin', at: AT }));
  expect((await historyOf('m1')).map((e) => [e.op, e.at])).toEqual([
    ['pin', AT],
    ['add', '2026-11-01T10:00:05.000Z'],
  ]);
});

test('events written before numbering existed come first in their millisecond', async () => {
  await db().memoryEvents.put(event({ id: 'z', op: 'add' }));
  await writeMemory(memory(), event({ id: 'a', op: 'pin' }));
  expect(await ops()).toEqual(['add', 'pin']);
});

test('several events for one memory in one write keep their order; other memories are untouched', async () => {
  const events = [
    event({ id: 'z', op: 'add' }),
    event({ id: 'y', memoryId: 'm2', op: 'add' }),
    event({ id: 'a', op: 'pin' }),
  ];
  await writeMemories([memory(), memory({ id: 'm2' })], events);
  expect(await ops()).toEqual(['add', 'pin']);
  expect((await historyOf('m2')).map((e) => e.seq)).toEqual([1]);
});

test('events that arrive with a shared time (sync, import) are read in one order everywhere', async () => {
  const synced = [event({ id: 'b', op: 'pin', seq: 1 }), event({ id: 'a', op: 'add', seq: 1 })];
  await db().memoryEvents.bulkPut([...synced, event({ id: 'c', op: 'unpin', seq: 2 })]);
  expect(await ops()).toEqual(['add', 'pin', 'unpin']);
  await db().memoryEvents.delete('c');
  expect((await lastEvent('m1'))?.id).toBe('b');
  expect((await proposalBase('m1')).event?.id).toBe('b');
  expect((await db().memoryEvents.get('a'))?.seq).toBe(1);
});
