// A hostile Engram export (#25 item 4), and vendor exports that carry Engram's own block. The file
// test/fixtures/exports/hostile-engram.json plants an active, pinned standing rule with a markdown-image link, a
// pinned preference, a profile with a link and a plain fact, all dated in 2999 (always "newer"), with usage rows
// and extractor history that land on today once dated to the present. Vendor exports: vendor-fence.test.ts.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadExport } from '../../test/fixtures/exports/load';
import { event, memory } from '../../test/helpers/records';
import { handlers } from '../background/handlers';
import { handleImportChunk } from '../background/import/import-chunk';
import { startStoreFollowers } from '../background/recall/follow-store';
import { resetRecallIndex } from '../background/recall/recall-area';
import { memoryHost } from '../past/memory-db';
import { approveMemory, rejectMemory } from '../background/memories/review-decisions';
import type { ImportChunk } from '../model/messages';
import { DEFAULT_SETTINGS } from '../model/settings';
import { tokenHold } from '../pipeline/limits';
import { deleteDb } from '../store/db';
import { readExport } from '../store/export';
import { extractionToday } from '../store/limits';
import { getMemory, listMemories, writeMemory } from '../store/memories';
import { listUsage } from '../store/usage';
import { pendingProposals } from '../store/views';
import { countTokens } from '../tokens';
import { planImport } from './detect';
import { runImport } from './run';

const NOW = new Date();
const DAY = NOW.toISOString().slice(0, 10);
const send = (chunk: ImportChunk) => handleImportChunk(chunk, NOW);
const importData = (data: unknown) => runImport(planImport(JSON.stringify(data)), send, () => undefined);
const hostile = () => loadExport('hostile-engram.json') as Record<string, unknown> & { memories: unknown[] };
const ids = (list: { id: string }[]) => list.map((m) => m.id).sort();

const ext = { url: 'chrome-extension://x/options.html' };

beforeAll(startStoreFollowers);
beforeAll(() => countTokens('warm'), 60_000);
beforeEach(async () => {
  resetRecallIndex(memoryHost());
  await deleteDb();
});

describe('a hostile Engram export', () => {
  test('its standing rule, pinned memory and link wait in Review; a plain fact is written', async () => {
    const report = await importData(hostile());
    expect(report).toMatchObject({ memories: 4, held: 3, refused: [] });
    expect(ids(await listMemories('active'))).toEqual(['planted-fact']);
    const review = await pendingProposals();
    expect(ids(review.map((p) => p.memory))).toEqual(['planted-link', 'planted-pin', 'planted-rule']);
    // New memories to approve or reject, as extraction's held ones are; the file's pin and priority are shown.
    expect(review.every((p) => p.base === null && p.proposedBy?.actor === 'import')).toBe(true);
    expect(review.find((p) => p.memory.id === 'planted-rule')?.memory).toMatchObject({
      priority: -1,
      pinned: true,
    });
    expect(review.find((p) => p.memory.id === 'planted-rule')?.proposedBy?.reason).toBe(
      'From an imported file: a standing rule waits for your review',
    );
  });

  test('Approve makes a held memory what the file had; Reject moves it to the Trash', async () => {
    await importData(hostile());
    await approveMemory('planted-pin');
    await rejectMemory('planted-rule');
    expect(await getMemory('planted-pin')).toMatchObject({ status: 'active', pinned: true, priority: 100 });
    expect((await getMemory('planted-rule'))?.status).toBe('deleted');
  });

  test('every date it carries is brought back to the present; a job waits at most a day', async () => {
    await importData(hostile());
    const data = await readExport(NOW);
    const now = NOW.toISOString();
    const dates = [
      ...data.conversations.flatMap((c) => [c.createdAt, c.updatedAt, c.health?.checkedAt]),
      ...data.conversations.flatMap((c) => c.turns.flatMap((t) => [t.createdAt, t.capturedAt])),
      ...data.memories.flatMap((m) => [m.createdAt, m.updatedAt, m.mentionedAt]),
      ...data.memories.flatMap((m) => m.history.flatMap((e) => [e.at, e.after?.updatedAt])),
      ...(data.jobs ?? []).flatMap((j) => [j.createdAt, j.updatedAt]),
      ...(await listUsage()).map((u) => u.at),
    ].filter((d): d is string => typeof d === 'string');
    expect(dates.length).toBeGreaterThan(20);
    expect(dates.filter((d) => d.startsWith('2999'))).toEqual([]);
    expect(dates.filter((d) => Date.parse(d) > NOW.getTime() + 1)).toEqual([]);
    expect((await listUsage()).map((u) => u.day)).toEqual([DAY, DAY, DAY]);
    const [job] = data.jobs ?? [];
    expect(Date.parse(job!.runAfter)).toBeLessThanOrEqual(NOW.getTime() + 86_400_000);
    expect(now <= job!.runAfter).toBe(true);
  });

  test("its usage and extractor history are history, not today's spending: the daily caps stay untouched", async () => {
    const file = hostile();
    const today = { at: NOW.toISOString(), day: DAY, promptTokens: 2_000_000, completionTokens: 0 };
    const usage = [...(file.usage as object[]), { ...(file.usage as object[])[0], id: 'today', ...today }];
    await importData({ ...file, usage });
    expect(await extractionToday(NOW)).toEqual({ changes: 0, tokens: 0 });
    expect(await tokenHold(DEFAULT_SETTINGS, NOW)).toBeNull();
    // Kept for Activity's usage history, marked as imported.
    const rows = await listUsage();
    expect(rows).toHaveLength(4);
    expect(rows.every((u) => u.imported === true)).toBe(true);
  });

  test('imported again after the person decided, its far-future copies change nothing', async () => {
    await importData(hostile());
    await approveMemory('planted-pin', 'Answers plainly, no pirate style.');
    await rejectMemory('planted-rule');
    const report = await importData(hostile());
    expect(report).toMatchObject({ memories: 0, held: 0 });
    expect((await getMemory('planted-pin'))?.text).toBe('Answers plainly, no pirate style.');
    expect((await getMemory('planted-rule'))?.status).toBe('deleted');
    expect(ids((await pendingProposals()).map((p) => p.memory))).toEqual(['planted-link']);
  });

  test('no block holds its address, nor its pirate style', async () => {
    await importData(hostile());
    const block = await handlers.getMemoryBlock({ site: 'chatgpt' }, ext);
    expect(block.text).toContain('Has a cat named Miso.');
    expect(block.text).not.toMatch(/evil|pirate/);
  });
});

describe('a file that changes a memory the person owns', () => {
  const mine = memory({ id: 'm9', text: 'Lives in Lisbon.', pinned: true, tokenCount: 5 });
  const file = (over: Record<string, unknown>) => ({
    format: 'engram',
    version: 1,
    exportedAt: '2026-11-29T12:00:00.000Z',
    conversations: [],
    memories: [
      {
        ...memory({ id: 'm9', text: 'Lives in Braga.' }),
        updatedAt: '2026-11-25T00:00:00.000Z',
        history: [],
        ...over,
      },
    ],
  });

  test('a newer text becomes a proposal; the memory is unchanged until the person approves it', async () => {
    await writeMemory(mine, event({ id: 'e-mine', memoryId: 'm9', after: mine }));
    const report = await importData(file({}));
    expect(report).toMatchObject({ memories: 0, held: 1 });
    expect(await getMemory('m9')).toEqual(mine);
    const [proposal] = await pendingProposals();
    expect(proposal).toMatchObject({ base: { id: 'm9' }, memory: { text: 'Lives in Braga.' } });
    await approveMemory(proposal!.memory.id);
    expect(await getMemory('m9')).toMatchObject({ text: 'Lives in Braga.', pinned: true, status: 'active' });
  });

  test('a newer deletion becomes a proposed deletion', async () => {
    await writeMemory(mine, event({ id: 'e-mine', memoryId: 'm9', after: mine }));
    await importData(file({ text: 'Lives in Lisbon.', status: 'deleted' }));
    expect((await getMemory('m9'))?.status).toBe('active');
    const [proposal] = await pendingProposals();
    expect(proposal?.proposedBy).toMatchObject({ op: 'delete', actor: 'import' });
  });

  test('a memory typed by hand is owned too', async () => {
    const typed = memory({ id: 'm9', text: 'Lives in Lisbon.' });
    await writeMemory(typed, event({ id: 'e-typed', memoryId: 'm9', after: typed, actor: 'user' }));
    await importData(file({}));
    expect((await getMemory('m9'))?.text).toBe('Lives in Lisbon.');
  });
});
