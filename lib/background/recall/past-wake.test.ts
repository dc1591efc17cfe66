// A waking worker reopens the past-chat index only where its worker lives and the past tier is on (#39).
import { beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../model/settings';
import type { PastOp } from '../../model/past';
import { memoryHost } from '../../past/memory-db';
import { settingsItem } from '../../settings';
import { startPastAtWake } from './past-wake';
import { RecallArea } from './recall-area';

let ops: PastOp['op'][];
let area: RecallArea;
beforeEach(() => {
  ops = [];
  const host = memoryHost();
  area = new RecallArea((op) => (ops.push(op.op), host(op)));
});

const withPast = (rawTurns: boolean) =>
  settingsItem.setValue({ ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns } });

test('with the index worker alive and past turns on, the index opens and catches up before any click', async () => {
  await withPast(true);
  const stop = startPastAtWake({ indexAlive: async () => true }, () => area);
  await expect.poll(() => area.pastIndex.readyNow()).toBe(true);
  expect(ops.slice(0, 2)).toEqual(['open', 'stats']);
  stop();
});

test.each([
  ['no index worker alive (no offscreen document, Firefox)', false, true],
  ['past turns off', true, false],
])('with %s, nothing is asked of it', async (_, alive, rawTurns) => {
  await withPast(rawTurns);
  let asked = false;
  const stop = startPastAtWake({ indexAlive: async () => ((asked = true), alive) }, () => area);
  await expect.poll(() => asked).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(ops).toEqual([]);
  stop();
});

test('stopped before the answers came, nothing is asked of it', async () => {
  await withPast(true);
  let answer!: (alive: boolean) => void;
  const stop = startPastAtWake(
    { indexAlive: () => new Promise((resolve) => (answer = resolve)) },
    () => area,
  );
  stop();
  answer(true);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(ops).toEqual([]);
});
