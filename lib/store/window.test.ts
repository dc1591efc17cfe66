// Long threads whose early turns are unloaded from the page (#24: Gemini's scroller, ChatGPT's and Perplexity's
// windowed lists): each partial read adds what it sees, and turns read later but standing earlier go before the
// ones stored, never on top of them. Before the fix, saving turns 5-7 and then 2-5 stored T2@0 T3@0 T4@0 T5@0 T6@1
// T7@2. Positions also count the extraction jobs' turns (lib/store/jobs.ts), which move with them.
import { beforeEach, expect, test } from 'vitest';
import { conversation, turn } from '../../test/helpers/records';
import { saveCapture, turnsOf } from './conversations';
import { db, deleteDb } from './db';
import { claimNextJob, coveredOrder, enqueueExtraction, enqueueRange, updateJob } from './jobs';
import { leaseState } from './generation';
import { mulberry32 } from '../../test/helpers/seeded-random';

beforeEach(deleteDb);

const KEY = 'chatgpt:c1';
const t = (n: number) =>
  turn({ key: `${KEY}:w${n}`, id: `w${n}`, text: `turn ${n}`, order: 0, role: n % 2 ? 'assistant' : 'user' });
/** What a windowed page sends: the turns it shows, numbered from 0 as the page shows them. */
const partial = (ns: number[]) =>
  saveCapture({ conversation: conversation(), turns: ns.map((n, i) => ({ ...t(n), order: i })) }, false);
const stored = async () => (await turnsOf(KEY)).map((s) => [s.id, s.order]);
const jobs = async () =>
  (await db().jobs.where('conversationKey').equals(KEY).toArray())
    .map((j) => [j.status, j.fromOrder, j.toOrder ?? null])
    .sort((a, b) => String(a).localeCompare(String(b)));

test('turns 5-7, then 2-5: the earlier ones go before, every turn has its own place, in page order', async () => {
  await partial([5, 6, 7]);
  expect(await partial([2, 3, 4, 5])).toBe(3);
  expect(await stored()).toEqual([
    ['w2', 0],
    ['w3', 1],
    ['w4', 2],
    ['w5', 3],
    ['w6', 4],
    ['w7', 5],
  ]);
  expect(await partial([1, 2, 3])).toBe(1);
  expect((await stored()).map(([id]) => id)).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
  expect((await stored()).map(([, order]) => order)).toEqual([0, 1, 2, 3, 4, 5, 6]);
});

test('a window that bridges two stored stretches fills the gap between them', async () => {
  await partial([0, 1]);
  await partial([4, 5]); // nothing known: after everything stored
  await partial([1, 2, 3, 4]);
  expect(await stored()).toEqual([
    ['w0', 0],
    ['w1', 1],
    ['w2', 2],
    ['w3', 3],
    ['w4', 4],
    ['w5', 5],
  ]);
});

test('jobs keep covering the turns they covered; turns placed inside that span get a job of their own', async () => {
  await partial([5, 6, 7]);
  const done = await enqueueRange(KEY, 0, 2); // T5-T7 extracted
  await updateJob(done.id, { status: 'done' });
  const dead = await enqueueRange(KEY, 1, 2); // a dead letter that gave up on T6-T7
  await updateJob(dead.id, { status: 'failed' });
  await partial([2, 3, 4, 5]);
  expect(await jobs()).toEqual([
    ['done', 3, 5],
    ['failed', 4, 5],
    ['pending', 0, 2], // T2-T4, which no job has read
  ]);
  expect(await coveredOrder(KEY)).toBe(5);
  // A later turn is still new for the next job.
  await partial([7, 8]);
  const next = await enqueueExtraction(KEY, new Date());
  expect(next.fromOrder).toBe(6);
});

test('a job queued after the stored turns still starts at the first turn it has not read', async () => {
  await partial([5, 6, 7]);
  const waiting = await enqueueExtraction(KEY, new Date()); // nothing covered yet: from turn 0
  await partial([3, 4, 5]);
  const [row] = await db().jobs.where('id').equals(waiting.id).toArray();
  expect([row?.status, row?.fromOrder, row?.toOrder]).toEqual(['pending', 0, undefined]);
  expect(await jobs()).toEqual([['pending', 0, null]]);
});

test('a job running on the old places is taken back: its commit writes nothing and it runs again', async () => {
  await partial([5, 6, 7]);
  await enqueueExtraction(KEY, new Date(0));
  const lease = await claimNextJob('worker-1', 60_000);
  expect(lease).not.toBeNull();
  await partial([4, 5]);
  const d = db();
  expect(await d.transaction('r', d.jobs, d.meta, () => leaseState(d, lease!))).toBe('lost');
  expect(await jobs()).toEqual([['pending', 0, null]]);
});

test('a plain window after what is stored moves nothing and touches no job', async () => {
  await partial([0, 1, 2]);
  const done = await enqueueRange(KEY, 0, 2);
  await updateJob(done.id, { status: 'done' });
  await partial([2, 3, 4]);
  expect(await stored()).toEqual([
    ['w0', 0],
    ['w1', 1],
    ['w2', 2],
    ['w3', 3],
    ['w4', 4],
  ]);
  expect(await jobs()).toEqual([['done', 0, 2]]);
});

// The page is read at every coalesced change while the person scrolls, so each read overlaps the one before: a
// window with no known turn could stand anywhere and goes after everything (the first test of this file).
test('any walk of overlapping windows over a 40-turn thread, up and down, stores every turn seen once, in order', async () => {
  for (let seed = 1; seed <= 12; seed++) {
    await deleteDb();
    const random = mulberry32(seed);
    const seen = new Set<number>();
    // Open at the end; the page mounts 3-6 turns; each scroll keeps at least one turn of the last window.
    let [top, size] = [34, 6];
    for (let step = 0; step < 30; step++) {
      const shown = Array.from({ length: size }, (_, i) => top + i).filter((n) => n < 40);
      await partial(shown);
      shown.forEach((n) => seen.add(n));
      const next = 3 + Math.floor(random() * 4);
      // Down by up to size-1 (the new first turn is still on screen), up by up to next-1 (the old first is).
      const move = random() < 0.6 ? -Math.floor(random() * next) : Math.floor(random() * size);
      [top, size] = [Math.max(0, Math.min(37, top + move)), next];
    }
    const ids = (await stored()).map(([id]) => Number(String(id).slice(1)));
    const orders = (await stored()).map(([, order]) => order);
    expect(ids, `seed ${seed}`).toEqual([...seen].sort((a, b) => a - b));
    expect(orders, `seed ${seed}`).toEqual(orders.map((_, i) => i));
  }
}, 60_000);
