// The past index's engine (#13) on the same sqlite-wasm build the extension runs, in memory.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { describe, expect, test, vi } from 'vitest';
import { PAST_SCHEMA, PastEngine } from './engine';
import { memoryEngine } from './memory-db';
import { HeldReads } from './query';
import { passagesOf, type PastTurn } from './passages';

const turn = (conv: string, i: number, text: string): PastTurn => ({
  key: `${conv}:t${i}`,
  conversationKey: conv,
  who: i % 2 ? 'Assistant' : 'Me',
  role: i % 2 ? 'assistant' : 'user',
  text,
  at: '2026-06-01T09:00:00.000Z',
});
const put = (engine: PastEngine, conv: string, texts: string[]) =>
  engine.putConversation(
    conv,
    passagesOf(
      texts.map((t, i) => turn(conv, i, t)),
      true,
    ),
  );
const turnsOf = (engine: PastEngine, query: string, skip: string | null = null, limit = 10) =>
  engine.query(query, { limit, skipConversation: skip }).map((h) => h.turnKey);

describe('PastEngine', () => {
  test('a conversation put again keeps unchanged passages, rewrites changed ones and drops gone ones', async () => {
    const engine = await memoryEngine();
    expect(put(engine, 'a', ['The kayak rental at Lake Bled', 'Bring a rain jacket'])).toBe(2);
    expect(put(engine, 'a', ['The kayak rental at Lake Bled', 'Bring a rain jacket'])).toBe(0);
    expect(put(engine, 'a', ['The canoe rental at Lake Bled'])).toBe(1);
    expect(engine.count()).toBe(1);
    expect(turnsOf(engine, 'kayak')).toEqual([]);
    expect(turnsOf(engine, 'canoe')).toEqual(['a:t0']);
    expect(turnsOf(engine, 'jacket')).toEqual([]);
  });

  test('deletes and clear reach the count and the results', async () => {
    const engine = await memoryEngine();
    put(engine, 'a', ['Sourdough starter feeding schedule']);
    put(engine, 'b', ['Sourdough loaf came out flat']);
    engine.deleteConversations(['a', 'missing']);
    expect(engine.count()).toBe(1);
    expect(turnsOf(engine, 'sourdough')).toEqual(['b:t0']);
    engine.clear();
    expect(engine.count()).toBe(0);
    expect(turnsOf(engine, 'sourdough')).toEqual([]);
    put(engine, 'b', ['Sourdough loaf came out flat']);
    expect(turnsOf(engine, 'sourdough')).toEqual(['b:t0']);
  });

  // Ranking is cut to the best few inside FTS5; the open chat's own passages, which match its draft best, must
  // not crowd out every other chat's.
  test('the open chat is skipped even when all of the best matches are its own', async () => {
    const engine = await memoryEngine();
    put(
      engine,
      'open',
      Array.from({ length: 30 }, (_, i) => `glacier glacier glacier hike number ${i}`),
    );
    put(engine, 'other', [
      'We hiked to a glacier once, years ago, and then went home for dinner with friends',
    ]);
    expect(turnsOf(engine, 'glacier hike', 'open', 3)).toEqual(['other:t0']);
    expect(turnsOf(engine, 'glacier hike', null, 3)).toHaveLength(3);
  });

  test('a failed write leaves the count true to what is stored', async () => {
    const engine = await memoryEngine();
    put(engine, 'a', ['Cello lessons on Tuesdays']);
    // The second passage fails after the first was written: the transaction rolls both back.
    const bad = passagesOf([turn('b', 0, 'Violin lessons on Fridays'), turn('b', 1, 'And scales')], true).map(
      (p, i) => (i === 1 ? { ...p, text: null as unknown as string } : p),
    );
    expect(() => engine.putConversation('b', bad)).toThrow();
    expect(engine.count()).toBe(1);
    expect(turnsOf(engine, 'lessons')).toEqual(['a:t0']);
    // The statements that failed are ready for the next write.
    put(engine, 'b', ['Violin lessons on Fridays', 'And scales']);
    expect(engine.count()).toBe(3);
    expect(turnsOf(engine, 'violin')).toEqual(['b:t0', 'b:t1']);
  });

  test('an index of another schema version opens empty, to be rebuilt from the store', async () => {
    const sqlite = await sqlite3InitModule();
    const db = new sqlite.oo1.DB(':memory:');
    db.exec(`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta VALUES ('schema', '${PAST_SCHEMA - 1}');
      CREATE TABLE passages(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, conv TEXT NOT NULL);
      INSERT INTO passages(id, conv) VALUES ('x~0', 'x');`);
    const engine = new PastEngine(db);
    expect(engine.open()).toBe(true);
    put(engine, 'a', ['Tide tables for Brittany']);
    expect(turnsOf(engine, 'tide')).toEqual(['a:t0']);
    expect(new PastEngine(db).open()).toBe(false);
  });

  // #39: a waking service worker opens the index again; rewriting its stamps were two commits on OPFS, ~30 ms
  // of the first click. Only a change of "Redact secrets" touches it.
  test('opening an open index again writes nothing; another "Redact secrets" choice still empties it', async () => {
    const sqlite = await sqlite3InitModule();
    const db = new sqlite.oo1.DB(':memory:');
    const writes = () => Number(db.selectValue('SELECT total_changes()'));
    const engine = new PastEngine(db);
    expect(engine.open(true)).toBe(true);
    put(engine, 'a', ['Tide tables for Brittany']);
    const before = writes();
    expect(engine.open(true)).toBe(false);
    expect(engine.open()).toBe(false);
    expect(new PastEngine(db).open(true)).toBe(false);
    expect(writes()).toBe(before);
    expect(turnsOf(engine, 'tide')).toEqual(['a:t0']);
    expect(engine.open(false)).toBe(true);
    expect(new PastEngine(db).open(false)).toBe(true);
    put(engine, 'b', ['Tide tables for Normandy']);
    expect(new PastEngine(db).open(true)).toBe(true);
  });

  // #39: document frequencies are kept between writes; one kept past a write would rank with a stale count.
  test('a term the index lacked is found once a passage holding it is written, and known terms are read once', async () => {
    const sqlite = await sqlite3InitModule();
    const db = new sqlite.oo1.DB(':memory:');
    const engine = new PastEngine(db);
    engine.open();
    put(engine, 'a', ['Green tea in the morning', 'Black coffee at noon']);
    // Too short to be asked as a prefix: found only through the vocabulary.
    expect(turnsOf(engine, 'oat')).toEqual([]);
    put(engine, 'b', ['Oat milk in the coffee']);
    expect(turnsOf(engine, 'oat')).toEqual(['b:t0']);
    const reads = vi.spyOn(db, 'selectArrays');
    const vocabReads = () => reads.mock.calls.filter(([sql]) => String(sql).includes('vocab')).length;
    const first = turnsOf(engine, 'green tea, oat milk');
    expect(vocabReads()).toBe(1);
    expect(turnsOf(engine, 'green tea, oat milk')).toEqual(first);
    expect(turnsOf(engine, 'oat milk')).toEqual(['b:t0']);
    expect(vocabReads()).toBe(1);
    engine.deleteConversations(['b']);
    expect(turnsOf(engine, 'oat')).toEqual([]);
  });

  // #39: a preview asks the same past query again at each slider move and each line removed.
  test("a query's hits are held until a passage is written or deleted, and each caller gets its own copy", async () => {
    const engine = await memoryEngine();
    put(engine, 'a', ['Ferry timetables to Split']);
    const first = engine.query('ferry', { limit: 10, skipConversation: null });
    first[0]!.text = 'changed by a caller';
    expect(engine.query('ferry', { limit: 10, skipConversation: null })[0]?.text).not.toBe(
      'changed by a caller',
    );
    expect(turnsOf(engine, 'ferry')).toEqual(['a:t0']);
    put(engine, 'b', ['The ferry to Hvar leaves at noon']);
    expect(turnsOf(engine, 'ferry').sort()).toEqual(['a:t0', 'b:t0']);
    expect(turnsOf(engine, 'ferry', 'b')).toEqual(['a:t0']);
    engine.deleteConversations(['a']);
    expect(turnsOf(engine, 'ferry')).toEqual(['b:t0']);
    engine.clear();
    expect(turnsOf(engine, 'ferry')).toEqual([]);
    const held = new HeldReads({ selectArrays: () => [] });
    const search = vi.fn(() => []);
    held.answer('ferry', { limit: 10, skipConversation: null }, search);
    held.answer('ferry', { limit: 10, skipConversation: null }, search);
    expect(search).toHaveBeenCalledTimes(1);
    held.answer('ferry', { limit: 20, skipConversation: null }, search);
    held.answer('ferry', { limit: 10, skipConversation: 'b' }, search);
    held.drop();
    held.answer('ferry', { limit: 10, skipConversation: null }, search);
    expect(search).toHaveBeenCalledTimes(4);
  });

  // #28: before, a Japanese turn (no spaces) and a Korean one (particles glued to nouns) were never found by a
  // draft sharing their noun, and an accented word never reached the MATCH (FTS5 folded it, the vocabulary
  // lookup did not).
  test('finds Japanese, Korean and accented turns by a shared noun, and a compound by its head', async () => {
    const engine = await memoryEngine();
    put(engine, 'ja', ['私は大阪に住んでいて、毎朝抹茶を飲みます。', 'いいですね。']);
    put(engine, 'ko', ['바다가 보이는 호텔을 추천해 주세요.', '서귀포 쪽에 호텔들이 많아요.']);
    put(engine, 'de', ['Unsere Tomaten im Gewächshaus bekommen Flecken.', 'Der Donauradweg ist flach.']);
    // The turn after is found too, through its context column (the words around it).
    const first = (query: string) => turnsOf(engine, query)[0];
    expect(first('抹茶ラテの作り方を教えて')).toBe('ja:t0');
    expect(turnsOf(engine, '호텔이 공항에서 얼마나 멀어요?').sort()).toEqual(['ko:t0', 'ko:t1']);
    expect(first('Wie oft muss man ein Gewächshaus lüften?')).toBe('de:t0');
    expect(first('Wie lang ist die Donau?')).toBe('de:t1');
  });
});
