// The memory table (#28): derived from the store and kept on disk, so a waking worker opens it instead of
// rebuilding it; reopened empty on another schema or after a rebuild that never finished; its document
// frequencies stay those of the rows it holds through every upsert, edit and removal.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { describe, expect, test } from 'vitest';
import type { Memory } from '../model/records';
import { AnswerView, memoryQueryOf } from '../recall/answer-view';
import { recall } from '../recall/recall';
import { recallable } from '../recall/index';
import { terms } from '../recall/terms';
import { countTokens } from '../tokens';
import { memory } from '../../test/helpers/records';
import type { SqlDb } from './engine';
import { answerMemories } from './memory-answer';
import { runMemoryOp } from './memory-ops';
import { MEMORY_SCHEMA, MemoryTable } from './memory-table';

// Loaded while the file loads, with the token encoder recall's block uses: each is a one-time cost that would
// otherwise fall inside the first test to reach it (test/helpers/engines.ts, #33).
const sqlite = await sqlite3InitModule();
const newDb = (): SqlDb => new sqlite.oo1.DB(':memory:');
await countTokens('');

const row = (id: string, text: string, over: Partial<Memory> = {}) =>
  recallable(memory({ id, text, ...over }));
const ask = (table: MemoryTable, draft: string) =>
  answerMemories(table, memoryQueryOf({ draft, recent: [], scopes: null, now: 0 })).hits.map(
    (h) => h.memory.id,
  );

/** Document frequencies recounted from the rows themselves. */
function recount(table: MemoryTable, db: SqlDb): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const id of table.ids()) {
    const stems = String(db.selectValue('SELECT stems FROM mems WHERE id = ?', [id]) ?? '');
    for (const t of new Set(stems.split(' ').filter(Boolean))) counted[t] = (counted[t] ?? 0) + 1;
  }
  return counted;
}

const stored = (db: SqlDb) =>
  Object.fromEntries(
    (db.selectArrays('SELECT term, df FROM mterms WHERE df > 0') as [string, number][]).map(([t, n]) => [
      t,
      n,
    ]),
  );

describe('the memory table', () => {
  test('a built table survives a reopen (a worker start) with its rows; an unfinished rebuild does not', () => {
    const db = newDb();
    const table = new MemoryTable(db);
    expect(runMemoryOp(table, { op: 'memOpen' }).memoryTable?.empty).toBe(true);
    runMemoryOp(table, { op: 'memPut', memories: [row('a', 'I keep bees in Lyon.')], highWater: null });
    // The rebuild's last batch has not landed: a worker that stops now finds a table to rebuild.
    expect(runMemoryOp(new MemoryTable(db), { op: 'memOpen' }).memoryTable?.empty).toBe(true);
    const last = [row('b', 'Bees swarmed in June.')];
    runMemoryOp(table, { op: 'memPut', memories: last, highWater: '2026-12-01', built: true });
    const reopened = new MemoryTable(db);
    expect(runMemoryOp(reopened, { op: 'memOpen' }).memoryTable).toEqual({
      empty: false,
      count: 2,
      highWater: '2026-12-01',
    });
    expect(ask(reopened, 'my bees')).toEqual(expect.arrayContaining(['a', 'b']));
  });

  test('a table of another schema version is dropped and rebuilt from the store', () => {
    const db = newDb();
    const table = new MemoryTable(db);
    table.open();
    table.put([row('a', 'I keep bees in Lyon.')]);
    table.setMeta('memBuilt', '1');
    db.exec(`UPDATE mmeta SET value = '${MEMORY_SCHEMA - 1}' WHERE key = 'memSchema'`);
    const next = new MemoryTable(db);
    expect(next.open()).toBe(true);
    expect(next.ids()).toEqual([]);
    expect(ask(next, 'bees')).toEqual([]);
  });

  test('edits, status changes and removals keep every document frequency equal to a recount', () => {
    const db = newDb();
    const table = new MemoryTable(db);
    table.open();
    table.put([
      row('a', 'Bees on the roof.'),
      row('b', 'Bees and honey.'),
      row('c', 'Honey cake on Sunday.'),
    ]);
    expect(table.put([row('a', 'Bees on the roof.')])).toBe(0);
    table.put([row('a', 'Wasps on the roof.'), row('b', 'Bees and honey.', { status: 'deleted' })]);
    table.remove(['c']);
    table.put([row('d', 'Honey from the bees.')]);
    expect(table.ids().sort()).toEqual(['a', 'd']);
    expect(stored(db)).toEqual(recount(table, db));
    const distinct = (text: string) => new Set(terms(text)).size;
    const average = (distinct('Wasps on the roof.') + distinct('Honey from the bees.')) / 2;
    expect(table.averageLength).toBeCloseTo(average);
    expect(ask(table, 'honey')).toEqual(['d']);
  });

  test('Japanese, Chinese and Korean memories are found by a noun they hold (one analyzer, #28)', () => {
    const table = new MemoryTable(newDb());
    table.open();
    table.put([
      row('ja', '私は大阪に住んでいて、毎朝抹茶を飲みます。'),
      row('zh', '我每周六去北京的图书馆。'),
      row('ko', '다음 달에 부산 호텔을 예약했어요.'),
      row('en', 'I drink green tea every morning.'),
    ]);
    expect(ask(table, '抹茶のおすすめは？')).toEqual(['ja']);
    expect(ask(table, '图书馆几点开门')).toEqual(['zh']);
    expect(ask(table, '호텔이 어디에 있어요?')).toEqual(['ko']);
  });
});

describe('the answer a query gets', () => {
  // The table sends recall only the rows it can pack (the best 200 by boosted score, in scope): the block must be
  // the one all 400 matches gave. A Remove (exclude) sends all, so an unknown id asks for the full answer.
  test('the block is the same as with every match sent, over random stores and drafts', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const words = Array.from({ length: 300 }, (_, i) => `word${i.toString(36)}x`);
    const sentence = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
    const types = ['profile', 'preference', 'event', 'instruction', 'correction'] as const;
    const table = new MemoryTable(newDb());
    table.open();
    table.put(
      Array.from({ length: 1200 }, (_, i) =>
        row(`m${i}`, sentence(6 + Math.floor(rand() * 10)), {
          type: pick(types),
          priority: pick([-1, 0, 20, 50, 90]),
          pinned: rand() < 0.05,
          scope: pick(['global', 'global', 'site:chatgpt', 'site:claude']),
          mentionedAt: new Date(
            Date.UTC(2026, Math.floor(rand() * 11), 1 + Math.floor(rand() * 27)),
          ).toISOString(),
        }),
      ),
    );
    // Drafts of 3 to 30 words, every third length: the short ones match a few rows, the long ones most of them.
    for (let n = 0; n < 30; n += 3) {
      const input = {
        draft: sentence(3 + n),
        recent: [],
        scopes: new Set(['global', 'site:chatgpt']),
        now: 0,
      };
      const cut = answerMemories(table, memoryQueryOf(input));
      const full = answerMemories(table, memoryQueryOf({ ...input, exclude: ['none'] }));
      expect(full.hits.length).toBeGreaterThan(cut.hits.length);
      const block = (answer: typeof cut) =>
        recall(new AnswerView(answer, memoryQueryOf(input).query), { ...input, budgetTokens: 1000 }).text;
      expect(block(cut)).toBe(block(full));
    }
  });
});
