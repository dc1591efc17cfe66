// Sync conflicts in Review (#15): two devices (each its own Dexie database) edit the same memory and sync through a
// Map backend; Review shows both versions with device and time, and what the person chooses clears the conflict on
// the other device at its next sync.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { db, deleteDb } from '../../lib/store/db';
import { sendMessage } from '../../lib/messaging/send';
import { countReview, listConflicts } from '../../lib/store/sync-conflicts';
import { MapBackend } from '../../test/helpers/memory-backend';
import { StoreDevice } from '../../test/helpers/store-device';
import { ReviewSection } from '../review/ReviewSection';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

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
  cleanup();
  await deleteDb();
  for (const name of ['A', 'B']) {
    await Dexie.delete(`engram-device-${name}`);
    await Dexie.delete(`engram-secrets-device-${name}`);
  }
});

const conflictFlag = (d: StoreDevice, id: string) =>
  d.run(async () => (await db().syncHeads.get(`m:${id}`))?.conflict);

/** A memory both devices have, then edited on each before either syncs again. */
async function editedOnBoth(text: string, onA: string, onB: string) {
  const m = await a.add(text);
  await a.sync();
  await b.sync();
  await a.edit(m, onA);
  await b.edit(m, onB);
  await a.sync();
  await b.sync();
  await a.sync();
  expect(await conflictFlag(a, m.id)).toBe(true);
  expect(await conflictFlag(b, m.id)).toBe(true);
  return m;
}

const card = () => screen.findByRole('listitem', { name: /^Changed on two devices/ });

test('both versions are shown with their device and time; keeping one clears the conflict on the other device', async () => {
  const m = await editedOnBoth('Lives in Lisbon.', 'Lives in Porto.', 'Lives in Lisbon, Alfama.');
  expect(await a.run(countReview)).toBe(1);
  await a.run(async () => render(<ReviewSection />));
  const versions = within(await card()).getAllByRole('listitem');
  expect(versions).toHaveLength(2);
  const mine = versions.find((v) => v.getAttribute('aria-label')?.includes('this device'));
  const theirs = versions.find((v) => /device [0-9a-f]{8}/.test(v.getAttribute('aria-label') ?? ''));
  expect(mine?.textContent).toContain('Lives in Porto.');
  expect(theirs?.textContent).toContain('Lives in Lisbon, Alfama.');
  // One is shown, the other kept in history; each says when it was made.
  expect(
    versions.map((v) => /\((shown now|kept in history)\)/.exec(v.textContent ?? '')?.[1]).sort(),
  ).toEqual(['kept in history', 'shown now']);
  if (!theirs) throw new Error('no version from the other device');
  await userEvent.click(within(theirs).getByRole('button', { name: 'Keep this version' }));
  await expect.poll(() => screen.queryByRole('listitem', { name: /^Changed on two devices/ })).toBeNull();
  expect(screen.getByText('Nothing to review.')).toBeTruthy();
  expect(await a.run(async () => (await db().memories.get(m.id))?.text)).toBe('Lives in Lisbon, Alfama.');
  expect(await a.run(countReview)).toBe(0);
  cleanup();

  await a.sync();
  await b.sync();
  expect(await conflictFlag(a, m.id)).toBe(false);
  expect(await conflictFlag(b, m.id)).toBe(false);
  expect(await b.run(async () => (await db().memories.get(m.id))?.text)).toBe('Lives in Lisbon, Alfama.');
  expect(await b.run(countReview)).toBe(0);
}, 30_000);

test('a merged text resolves it, and a delete against an edit is one Review item, kept or deleted', async () => {
  const m = await editedOnBoth('Drinks tea.', 'Drinks green tea.', 'Drinks black tea.');
  const gone = await a.add('Plays the piano.');
  await a.sync();
  await b.sync();
  await a.trash(gone);
  await b.edit(gone, 'Plays the piano and the organ.');
  await a.sync();
  await b.sync();
  await a.sync();
  // The delete against the edit is pending and in conflict: counted once.
  expect(await a.run(countReview)).toBe(2);
  await a.run(async () => render(<ReviewSection />));
  const cards = await screen.findAllByRole('listitem', { name: /^Changed on two devices/ });
  expect(cards).toHaveLength(2);
  expect(screen.queryByRole('button', { name: /Approve all/ })).toBeNull();

  const tea = cards.find((c) => c.textContent?.includes('tea'));
  if (!tea) throw new Error('no tea card');
  await userEvent.click(within(tea).getByRole('button', { name: 'Write a merged text' }));
  const box = within(tea).getByLabelText('Merged text');
  await userEvent.clear(box);
  await userEvent.type(box, 'Drinks green and black tea.');
  await userEvent.click(within(tea).getByRole('button', { name: 'Save merged text' }));
  const piano = cards.find((c) => c.textContent?.includes('piano'));
  if (!piano) throw new Error('no piano card');
  await userEvent.click(within(piano).getByRole('button', { name: 'Keep it deleted' }));
  // The merged text is counted in tokens first (js-tiktoken loads in ~1 s, more under load).
  const left = () => screen.queryAllByRole('listitem', { name: /^Changed on two devices/ }).length;
  await expect.poll(left, { timeout: 15_000 }).toBe(0);
  cleanup();

  await a.sync();
  await b.sync();
  const onB = await b.run(async () => ({
    tea: await db().memories.get(m.id),
    piano: await db().memories.get(gone.id),
    review: await countReview(),
  }));
  expect(onB.tea).toMatchObject({ text: 'Drinks green and black tea.', status: 'active' });
  expect(onB.piano?.status).toBe('deleted');
  expect(onB.review).toBe(0);
}, 30_000);

test('a version that arrived after the person looked is not resolved blindly', async () => {
  const m = await editedOnBoth('Runs on Sundays.', 'Runs on Saturdays.', 'Runs on Mondays.');
  const seen = await a.run(async () => (await listConflicts())[0]?.versions.map((v) => v.id) ?? []);
  expect(seen).toHaveLength(2);
  // A third device's edit of the same version is merged in after Review listed two (as lib/sync/merge.ts would).
  await a.run(async () => {
    const row = await db().syncHeads.get(`m:${m.id}`);
    if (!row || !('leaves' in row.head)) throw new Error('no head');
    const memory = { ...m, text: 'Runs daily.' };
    const leaf = { id: 'from-c', hlc: '999999999999999.000000.cccccccccccccccc', memory };
    await db().syncHeads.put({ ...row, head: { ...row.head, leaves: [...row.head.leaves, leaf] } });
  });
  const resolve = a.run(() => sendMessage('resolveConflict', { id: m.id, seen, keep: seen[0] }));
  await expect(resolve).rejects.toMatchObject({ problem: { code: 'conflict-stale' } });
  expect(await a.run(async () => (await db().memories.get(m.id))?.text)).toBe('Runs on Mondays.');
  expect(await conflictFlag(a, m.id)).toBe(true);
  // Review now lists all three.
  await a.run(async () => render(<ReviewSection />));
  expect(within(await card()).getAllByRole('listitem')).toHaveLength(3);
});

/** On A: a memory trashed there and edited on B (pending and in conflict), and a new memory held for review. */
async function conflictBesideProposal() {
  const gone = await a.add('Keeps bees.');
  await a.sync();
  await b.sync();
  await a.trash(gone);
  await b.edit(gone, 'Keeps bees and hens.');
  await a.sync();
  await b.sync();
  await a.sync();
  const held = await a.commit(
    null,
    { ...gone, id: crypto.randomUUID(), text: 'Likes rye bread.', status: 'pending' },
    'add',
  );
  const statuses = () =>
    a.run(async () => (await db().memories.bulkGet([gone.id, held.id])).map((m) => m?.status));
  expect(await statuses()).toEqual(['pending', 'pending']);
  expect(await conflictFlag(a, gone.id)).toBe(true);
  return { gone, statuses };
}

test('Approve all approves what is held for review and leaves a delete-vs-edit conflict to the person', async () => {
  const { gone, statuses } = await conflictBesideProposal();
  await a.run(async () => render(<ReviewSection />));
  await userEvent.click(await screen.findByRole('button', { name: 'Approve all (1)' }));
  await expect.poll(statuses).toEqual(['pending', 'active']);
  // The conflict is still shown with both versions, and still counted as waiting.
  expect(within(await card()).getAllByRole('listitem')).toHaveLength(2);
  expect(screen.queryByRole('button', { name: /Approve all/ })).toBeNull();
  expect(await conflictFlag(a, gone.id)).toBe(true);
  expect(await a.run(countReview)).toBe(1);
});

test('the approveAllMemories handler skips every memory in a sync conflict', async () => {
  const { gone, statuses } = await conflictBesideProposal();
  expect(await a.run(() => sendMessage('approveAllMemories', {}))).toEqual({ approved: 1, held: 0 });
  expect(await statuses()).toEqual(['pending', 'active']);
  // Nothing was written for the conflicted memory: its history ends with what the sync brought.
  const ops = await a.run(async () =>
    (await db().memoryEvents.where('memoryId').equals(gone.id).sortBy('at')).map((e) => e.reason),
  );
  expect(ops.filter((r) => r.startsWith('Approved'))).toEqual([]);
  // After the person keeps the edit, Approve all has nothing left to approve.
  const seen = await a.run(async () => (await listConflicts())[0]?.versions ?? []);
  const edit = seen.find((v) => v.memory?.status !== 'deleted');
  await a.run(() =>
    sendMessage('resolveConflict', { id: gone.id, seen: seen.map((v) => v.id), keep: edit?.id }),
  );
  expect(await statuses()).toEqual(['active', 'active']);
  expect(await a.run(() => sendMessage('approveAllMemories', {}))).toEqual({ approved: 0, held: 0 });
});
