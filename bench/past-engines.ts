// `npx vite-node bench/past-engines.ts -- <conversations> [fts] [ja]` (fts: skip MiniSearch, whose index took
// 101 MB of heap at 200 conversations, against #13's 64 MB at 2,000; ja: every other conversation Japanese,
// #28): the past index on SQLite FTS5 (sqlite-wasm, in memory in Node) against MiniSearch with its own
// serialization, on synthetic histories (docs/past-index.md).
import MiniSearch from 'minisearch';
import { memoryEngine } from '../lib/past/memory-db';
import { passagesOf, type PastTurn } from '../lib/past/passages';
import { terms } from '../lib/recall/terms';

const n = Number(process.argv[2] ?? 200);
const WORDS =
  'river garden piano budget oslo ramen hiking server query index deploy kernel violin cat shelter'.split(
    ' ',
  );
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = (len: number) =>
  Array.from({ length: len }, () =>
    rnd() < 0.3 ? WORDS[Math.floor(rnd() * WORDS.length)] : `w${Math.floor(rnd() * 20000)}`,
  ).join(' ') + '.';
// With `ja` every other conversation is Japanese-like (#28): kanji and katakana words of 2-3 letters from a
// 20,000-word vocabulary, joined by hiragana particles with no spaces, two letters per "word" of length.
const KANJI = [...'日本語学校大阪京都抹茶旅館温泉時間会社電話仕事食事料理天気写真映画音楽家族友達病院駅'];
const KANA = [...'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモラリルレロ'];
const PARTICLES = ['は', 'を', 'に', 'で', 'の', 'が', 'と', 'です', 'ます', 'ました'];
const mixed = process.argv[4] === 'ja';
// Made only for a mixed run, so the English-only histories stay those of earlier runs (one seeded generator).
const jaWords = Array.from({ length: mixed ? 20000 : 0 }, (_, i) => {
  const pool = i % 3 === 0 ? KANA : KANJI;
  return Array.from({ length: 2 + (i % 2) }, () => pool[Math.floor(rnd() * pool.length)]).join('');
});
const jaSentence = (len: number) =>
  Array.from({ length: Math.ceil(len / 2) }, () =>
    [jaWords[Math.floor(rnd() * jaWords.length)], PARTICLES[Math.floor(rnd() * PARTICLES.length)]].join(''),
  ).join('') + '。';
let japanese = false;
const text = (words: number) =>
  Array.from({ length: Math.ceil(words / 15) }, () => (japanese ? jaSentence(15) : sentence(15))).join(' ');
const conversations: PastTurn[][] = Array.from({ length: n }, (_, c) => {
  japanese = mixed && c % 2 === 1;
  return Array.from({ length: 20 }, (_, i) => ({
    key: `c${c}:t${i}`,
    conversationKey: `c${c}`,
    who: i % 2 ? 'Assistant' : 'Me',
    role: i % 2 ? ('assistant' as const) : ('user' as const),
    text: text(i % 2 ? 80 + Math.floor(rnd() * 700) : 5 + Math.floor(rnd() * 60)),
    at: '2026-01-01T00:00:00.000Z',
  }));
});
const raw = conversations.flat().reduce((s, t) => s + t.text.length, 0);
const heap = () => (globalThis.gc?.(), process.memoryUsage().heapUsed);
const p50 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const queries = Array.from(
  { length: 50 },
  () => `${WORDS[Math.floor(rnd() * WORDS.length)]} w${Math.floor(rnd() * 20000)} budget`,
);

const fts = async () => {
  const engine = await memoryEngine();
  const h0 = heap();
  let t = performance.now();
  let passages = 0;
  for (const c of conversations)
    passages += engine.putConversation(c[0]!.conversationKey, passagesOf(c, true));
  const build = performance.now() - t;
  t = performance.now();
  const extra = { ...conversations[0]![0]!, key: 'x:1', conversationKey: 'x', text: text(300) };
  engine.putConversation('x', passagesOf([extra], true));
  const add = performance.now() - t;
  const q = queries.map(
    (s) => (
      (t = performance.now()),
      engine.query(s, { limit: 60, skipConversation: null }),
      performance.now() - t
    ),
  );
  const db = (engine as unknown as { db: { selectValue(s: string): unknown } }).db;
  const bytes = Number(
    db.selectValue('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()'),
  );
  return {
    passages,
    buildMs: build,
    perPassageMs: build / passages,
    addTurnMs: add,
    queryP50Ms: p50(q),
    bytes,
    heapMB: (heap() - h0) / 2 ** 20,
  };
};

const mini = () => {
  const h0 = heap();
  let t = performance.now();
  const ms = new MiniSearch<{ id: string; own: string; ctx: string }>({
    fields: ['own', 'ctx'],
    tokenize: (s) => s.split(' '),
    processTerm: (s) => s || null,
  });
  for (const c of conversations)
    for (const p of passagesOf(c, true))
      ms.add({ id: p.id, own: terms(p.text).join(' '), ctx: terms(p.context).join(' ') });
  const build = performance.now() - t;
  t = performance.now();
  const json = JSON.stringify(ms);
  const serializeMs = performance.now() - t;
  t = performance.now();
  MiniSearch.loadJSON(json, {
    fields: ['own', 'ctx'],
    tokenize: (s) => s.split(' '),
    processTerm: (s) => s || null,
  });
  const loadMs = performance.now() - t;
  const q = queries.map(
    (s) => (
      (t = performance.now()),
      ms.search(terms(s).join(' '), { boost: { ctx: 0.8 } }).slice(0, 60),
      performance.now() - t
    ),
  );
  return {
    buildMs: build,
    serializeMs,
    coldLoadMs: loadMs,
    queryP50Ms: p50(q),
    bytes: json.length,
    heapMB: (heap() - h0) / 2 ** 20,
  };
};

const onlyFts = process.argv[3] === 'fts';
const r = { conversations: n, rawTextBytes: raw, fts: await fts(), minisearch: onlyFts ? 'skipped' : mini() };
console.log(JSON.stringify(r, null, 1));
