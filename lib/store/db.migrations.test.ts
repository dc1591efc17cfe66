// Migration harness (#2): for every version N, a database written by N is opened by N+1 and must keep every
// row. Each new version adds a seed for its predecessor here; v1 is checked from an empty start.
import Dexie from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import { conversation, event, memory, turn } from '../../test/helpers/records';
import { Conversation, Memory, MemoryEvent, Turn } from '../model/records';
import { openDb, VERSIONS, type EngramDB } from './db';

const NAME = 'engram-migration-test';
const TABLES = ['conversations', 'turns', 'memories', 'memoryEvents', 'jobs', 'usage'] as const;

/** Rows a database at a given version holds before the next version opens it. */
async function seed(db: EngramDB): Promise<void> {
  await db.conversations.put(conversation());
  await db.turns.put(turn());
  await db.memories.put(memory());
  await db.memoryEvents.put(event());
  await db.jobs.put({
    id: 'j1',
    kind: 'extract',
    conversationKey: 'chatgpt:c1',
    status: 'pending',
    attempts: 0,
    fromOrder: 0,
    runAfter: '2026-11-01T10:00:00.000Z',
    leaseUntil: null,
    lastError: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  });
  await db.usage.put({
    id: 'u1',
    at: '2026-11-01T10:00:00.000Z',
    day: '2026-11-01',
    provider: 'openai-compatible',
    model: 'gpt-4o-mini',
    promptTokens: 900,
    completionTokens: 120,
    costUsd: 0.0002,
    jobId: 'j1',
  });
}

async function seedLater(db: EngramDB): Promise<void> {
  // v2 (#5): one embedding row, so a later version's upgrade is checked against vectors too.
  if (db.tables.some((t) => t.name === 'embeddings'))
    await db.embeddings.put({ memoryId: 'm1', model: 'm', textHash: 'h', vector: Float32Array.of(0.6, 0.8) });
}

async function counts(db: EngramDB, tables: readonly string[] = TABLES): Promise<number[]> {
  return Promise.all(tables.map((t) => db.table(t).count()));
}

afterEach(() => Dexie.delete(NAME));

describe('schema versions', () => {
  test('versions are declared in ascending order, each with a reason', () => {
    VERSIONS.forEach((v, i) => {
      expect(v.version).toBe(i + 1);
      expect(v.why.length).toBeGreaterThan(10);
    });
  });

  test('v1 creates every table with its indexes from nothing', async () => {
    const db = openDb(NAME, 1);
    await db.open();
    expect(db.tables.map((t) => t.name).sort()).toEqual([...TABLES].sort());
    expect(db.table('turns').schema.indexes.map((i) => i.name)).toContain('[conversationKey+order]');
    db.close();
  });

  test.each(VERSIONS.slice(1).map((v) => v.version))(
    'v%i opens a v(N-1) database without losing rows',
    async (n) => {
      const old = openDb(NAME, n - 1);
      await seed(old);
      await seedLater(old);
      const tables = old.tables.map((t) => t.name);
      const before = await counts(old, tables);
      old.close();
      const next = openDb(NAME, n);
      expect(await counts(next, tables)).toEqual(before);
      next.close();
    },
  );

  test('the harness sees the data it seeds (so the upgrade check can fail)', async () => {
    const db = openDb(NAME);
    await seed(db);
    expect(await counts(db)).toEqual([1, 1, 1, 1, 1, 1]);
    db.close();
  });

  test('v2 adds the embeddings table; a Float32Array vector comes back as one, keyed by memory and model', async () => {
    const old = openDb(NAME, 1);
    await seed(old);
    old.close();
    const db = openDb(NAME, 2);
    await seedLater(db);
    expect(await counts(db)).toEqual([1, 1, 1, 1, 1, 1]);
    const row = await db.embeddings.get(['m1', 'm']);
    expect(row?.vector).toBeInstanceOf(Float32Array);
    expect([...(row?.vector ?? [])]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect(
      db
        .table('embeddings')
        .schema.indexes.map((i) => i.name)
        .sort(),
    ).toEqual(['memoryId', 'model']);
    db.close();
  });
});

describe('v3 (#12)', () => {
  test('adds the meta table, and repairs records an unchecked import stored', async () => {
    const old = openDb(NAME, 2);
    const bad = 'yesterday-ish';
    const link = 'javascript:alert(1)';
    const source = { site: 'chatgpt' as const, conversationId: 'c1', turnIds: ['t1'], url: link };
    const broken = memory({ createdAt: bad, mentionedAt: bad, occurredStart: bad, sources: [source] });
    await old.conversations.put(conversation({ url: link, createdAt: bad }));
    await old.turns.bulkPut([
      turn({ createdAt: bad, capturedAt: bad }),
      turn({ key: 'chatgpt:c1:t2', id: 't2', order: -1 }),
      turn({ key: 'chatgpt:c1:t3', id: 't3', order: 4 }),
    ]);
    await old.memories.put(broken);
    await old.memoryEvents.put(event({ after: broken, at: bad }));
    old.close();
    const db = openDb(NAME, 3);
    const [c] = await db.conversations.toArray();
    expect(c).toMatchObject({ url: 'https://chatgpt.com/c/c1', createdAt: null });
    const turns = await db.turns.orderBy('key').toArray();
    expect(turns.map((t) => [t.id, t.order, t.createdAt])).toEqual([
      ['t1', 0, null],
      ['t2', 5, null],
      ['t3', 4, null],
    ]);
    const [m] = await db.memories.toArray();
    expect(m).toMatchObject({ createdAt: m?.updatedAt, mentionedAt: m?.updatedAt, occurredStart: null });
    expect(m?.sources[0]?.url).toBeNull();
    // Every record now passes the store's own schemas, so Export all data no longer throws on them.
    expect(Conversation.safeParse(c).success).toBe(true);
    expect(turns.every((t) => Turn.safeParse(t).success)).toBe(true);
    expect(Memory.safeParse(m).success).toBe(true);
    expect((await db.memoryEvents.toArray()).every((e) => MemoryEvent.safeParse(e).success)).toBe(true);
    expect(await db.table('meta').count()).toBe(0);
    db.close();
  });
});

describe('v4 (#15)', () => {
  test('adds the sync tables and lists what is already stored as changes to push', async () => {
    const old = openDb(NAME, 3);
    await seed(old);
    await old.memoryEvents.put(event({ id: 'e0', at: '2026-10-01T10:00:00.000Z' }));
    old.close();
    const db = openDb(NAME, 4);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => ({ ...r, seq: 0 }))).toEqual([
      { kind: 'memory', memoryId: 'm1', eventId: 'e0', seq: 0 },
      { kind: 'memory', memoryId: 'm1', eventId: event().id, seq: 0 },
      { kind: 'conversation', key: conversation().key, turns: null, seq: 0 },
    ]);
    expect(await db.syncHeads.count()).toBe(0);
    expect(await db.syncState.count()).toBe(0);
    db.close();
  });
});

describe('v6 (#38)', () => {
  test('adds the table of lines held for a newer Engram, indexed by the device that wrote them', async () => {
    const old = openDb(NAME, 5);
    await seed(old);
    old.close();
    const db = openDb(NAME, 6);
    expect(await counts(db)).toEqual([1, 1, 1, 1, 1, 1]);
    const row = {
      key: 'e/log-feedfacecafebeef-00000001.age#0',
      dev: 'feedfacecafebeef',
      by: '0.2.0',
      line: '{}',
    };
    await db.syncHeld.put(row);
    expect(await db.syncHeld.where('dev').equals('feedfacecafebeef').toArray()).toEqual([row]);
    db.close();
  });
});
