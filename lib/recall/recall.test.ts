import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, test } from 'vitest';
import type { Memory } from '../model/records';
import { memory } from '../../test/helpers/records';
import { BLOCK_CLOSE, BLOCK_OPEN, escapeMemoryText } from './block';
import { conversationExcerpts } from './excerpts';
import type { Recallable } from './index';
import { recall, type RecallInput } from './recall';
import { hitLineText, hitTokenText, pastLines } from '../past/lines';
import { viewFor } from '../past/memory-answer';
import { loadSqlite, memoryTable } from '../past/memory-db';
import type { MemoryTable } from '../past/memory-table';

await loadSqlite();

const enc = new Tiktoken(o200k);
const count = (s: string) => enc.encode(s).length;
const NOW = Date.parse('2026-11-29T12:00:00Z');

function mem(id: string, text: string, over: Partial<Memory> = {}): Memory {
  return memory({ id, text, tokenCount: count(escapeMemoryText(text)), ...over });
}

/** The memories in a memory table of their own, as the background's index holds them (#28). */
const indexOf = (...memories: Recallable[]): MemoryTable => memoryTable(memories);

const ask = (index: MemoryTable, over: Partial<RecallInput> = {}) => {
  const input = { draft: '', recent: [], scopes: null, budgetTokens: 600, now: NOW, ...over };
  return recall(viewFor(index, input), input);
};
const ids = (r: ReturnType<typeof recall>) => r.lines.map((l) => l.id);

const FILLER = Array.from({ length: 60 }, (_, i) =>
  mem(`f${i}`, `Notes on sourdough baking, batch ${i}: hydration ${60 + i}% and a ${i % 7}-day starter.`, {
    type: 'event',
  }),
);

describe('ranking', () => {
  test('stemming finds a paraphrase: "hikes" reaches a memory about hiking', () => {
    const index = indexOf(
      mem('hike', 'I went hiking in the Dolomites and loved the via ferrata routes.'),
      mem('cook', 'I cook Thai curries on weekends.'),
    );
    const r = ask(index, { draft: 'Any good hikes near Bolzano?' });
    expect(ids(r)).toEqual(['hike']);
    expect(r.mode).toBe('draft');
  });

  // #28: the memory index tokenized each run of letters whole, so a Japanese sentence was one term and a
  // Korean noun with its particle another: neither was found by a draft sharing the noun.
  test('a draft about 抹茶 finds the Japanese memory; 호텔이 finds 호텔을; a compound finds its head', () => {
    const index = indexOf(
      mem('ja', '私は大阪に住んでいて、毎朝抹茶を飲みます。'),
      mem('ko', '바다가 보이는 호텔을 좋아한다.'),
      mem('de', 'Meine Tochter Lena spielt Geige.'),
      mem('en', 'I drink green tea every morning.'),
    );
    expect(ids(ask(index, { draft: '抹茶ラテの作り方を教えて' }))).toEqual(['ja']);
    expect(ids(ask(index, { draft: '호텔이 공항에서 얼마나 멀어요?' }))).toEqual(['ko']);
    expect(ids(ask(index, { draft: 'Was kostet eine Geigenstunde?' }))).toEqual(['de']);
  });

  test('standing instructions are always in, even when relevant memories could fill the budget', () => {
    const rule = mem('rule', 'Always answer in British English.', { type: 'instruction', priority: -1 });
    const r = ask(indexOf(...FILLER, rule), {
      draft: 'sourdough hydration starter batch',
      budgetTokens: 300,
    });
    expect(ids(r)[0]).toBe('rule');
    expect(r.text).toContain('Standing instructions:\n- Always answer in British English.');
    expect(r.lines.length).toBeGreaterThan(3);
  });

  test('a pinned memory is in although it does not match the query', () => {
    const pinned = mem('pin', 'My daughter is called Ada.', { pinned: true });
    const r = ask(indexOf(...FILLER, pinned), { draft: 'sourdough hydration', budgetTokens: 300 });
    expect(ids(r)).toContain('pin');
  });

  test('a near-duplicate is left out, a different fact on the same topic stays', () => {
    const index = indexOf(
      mem('a', 'I am allergic to peanuts and tree nuts.', { priority: 60 }),
      mem('b', 'I am allergic to tree nuts and peanuts!'),
      mem('c', 'I am allergic to penicillin.'),
    );
    const r = ask(index, { draft: 'what am I allergic to?' });
    expect(ids(r)).toContain('a');
    expect(ids(r)).toContain('c');
    expect(ids(r)).not.toContain('b');
  });

  test('scope: global and the current project are in, another project is out', () => {
    const index = indexOf(
      mem('g', 'The deploy target is Fly.io.'),
      mem('p1', 'Project Apollo deploys on Fridays.', { scope: 'project:apollo' }),
      mem('p2', 'Project Zeus deploys on Mondays.', { scope: 'project:zeus' }),
    );
    const r = ask(index, { draft: 'when do we deploy', scopes: new Set(['global', 'project:apollo']) });
    expect(ids(r).sort()).toEqual(['g', 'p1']);
  });

  test('with no draft the recent turns are the query; with neither, a profile block', () => {
    const index = indexOf(
      mem('tea', 'I prefer green tea to coffee.', { type: 'preference', priority: 70 }),
      mem('trip', 'Booked a flight to Osaka in March.', { type: 'event' }),
    );
    const recent = ask(index, { recent: ['I am planning my Osaka itinerary', 'Sure, which days?'] });
    expect(recent.mode).toBe('recent');
    expect(ids(recent)).toEqual(['trip']);
    const profile = ask(index);
    expect(profile.mode).toBe('profile');
    expect(ids(profile)).toEqual(['tea']);
    expect(profile.text).toContain('About me:\n- I prefer green tea to coffee.');
  });

  test('a time named in the query nudges memories dated inside it', () => {
    const index = indexOf(
      mem('may', 'Ran a half marathon in Porto.', { type: 'event', occurredStart: '2025-05-11T09:00:00Z' }),
      mem('oct', 'Ran a half marathon in Lisbon.', { type: 'event', occurredStart: '2025-10-05T09:00:00Z' }),
    );
    expect(ids(ask(index, { draft: 'the half marathon I ran in May 2025' }))[0]).toBe('may');
    expect(ids(ask(index, { draft: 'the half marathon I ran in October 2025' }))[0]).toBe('oct');
  });

  test('events carry their date; removed items stay out', () => {
    const index = indexOf(
      mem('e', 'Started a new job at Acme.', { type: 'event', occurredStart: '2026-03-02T09:00:00Z' }),
      mem('x', 'Acme has an office in Porto.'),
    );
    const r = ask(index, { draft: 'my job at Acme', exclude: ['x'] });
    expect(r.text).toContain('Relevant context:\nOn 2 Mar 2026:\n- Started a new job at Acme.');
    expect(ids(r)).toEqual(['e']);
  });
});

describe('left out (#16)', () => {
  test('a lower budget says how many matching memories did not fit', () => {
    const draft = 'sourdough hydration starter batch';
    const wide = ask(indexOf(...FILLER), { draft, budgetTokens: 8000 });
    expect(wide.leftOut).toBe(0);
    const narrow = ask(indexOf(...FILLER), { draft, budgetTokens: 200 });
    expect(narrow.lines.length).toBeGreaterThan(0);
    expect(narrow.leftOut).toBeGreaterThan(0);
    expect(narrow.lines.length + narrow.leftOut).toBeLessThanOrEqual(FILLER.length);
  });
});

describe('incremental index', () => {
  test('a replaced memory is found by its new text only; an archived or removed one not at all', () => {
    const index = indexOf(mem('m', 'I drive a Volvo.'), mem('n', 'I drive to work on Tuesdays.'));
    index.put([mem('m', 'I ride a Brompton bike.')]);
    expect(ids(ask(index, { draft: 'volvo' }))).toEqual([]);
    expect(ids(ask(index, { draft: 'brompton' }))).toEqual(['m']);
    index.put([mem('m', 'I ride a Brompton bike.', { status: 'archived' })]);
    expect(ids(ask(index, { draft: 'brompton' }))).toEqual([]);
    index.remove(['n']);
    expect(index.size).toBe(0);
  });
});

describe('budget', () => {
  test('the block, header and footer included, never exceeds the budget over random memory sets', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = 'Berlin sushi daughter TypeScript 東京 marathon allergic — piano 2026-03-01 <b> x\ny'.split(
      ' ',
    );
    const types = ['profile', 'preference', 'instruction', 'event', 'correction'] as const;
    for (let trial = 0; trial < 300; trial++) {
      const memories = Array.from({ length: Math.floor(rand() * 80) }, (_, i) => {
        const text = Array.from(
          { length: 1 + Math.floor(rand() * 40) },
          () => words[Math.floor(rand() * 10)],
        ).join(' ');
        const day = new Date(
          Date.UTC(1990 + Math.floor(rand() * 40), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
        );
        return mem(`r${i}`, text, {
          type: types[Math.floor(rand() * 5)],
          priority: rand() < 0.1 ? -1 : Math.floor(rand() * 100),
          pinned: rand() < 0.1,
          occurredStart: day.toISOString(),
        });
      });
      const budgetTokens = 100 + Math.floor(rand() * 1200);
      const draft = rand() < 0.3 ? '' : `${words[Math.floor(rand() * 10)]} ${words[Math.floor(rand() * 10)]}`;
      const r = ask(indexOf(...memories), { draft, budgetTokens });
      if (r.lines.length === 0) continue;
      expect(count(r.text), `trial ${trial}`).toBeLessThanOrEqual(budgetTokens);
      expect(r.tokens).toBeLessThanOrEqual(budgetTokens);
      expect(r.text.startsWith(BLOCK_OPEN) && r.text.endsWith(BLOCK_CLOSE)).toBe(true);
    }
  }, 60_000);
});

describe('budget with past lines counted as printed', () => {
  // A past line's count covers its whole printed line (lib/past/lines.ts hitTokenText), so it is charged no
  // LINE_OVERHEAD: lines starting with a digit, ending without punctuation, escaped or not Latin at all still
  // fit the budget as really tokenized.
  test('the block never exceeds the budget over random memories and past lines', () => {
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = '2026 12 sushi Caroline: 東京の 호텔을 — <b> x\ny ok. (note) piano? 7pm'.split(' ');
    const text = (n: number) =>
      Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(' ');
    const at = (i: number) => new Date(Date.UTC(2020 + (i % 5), i % 12, 1 + (i % 28))).toISOString();
    for (let trial = 0; trial < 200; trial++) {
      const memories = Array.from({ length: Math.floor(rand() * 30) }, (_, i) =>
        mem(`m${i}`, text(1 + Math.floor(rand() * 20)), { type: 'event', occurredStart: at(i) }),
      );
      const hits = Array.from({ length: Math.floor(rand() * 60) }, (_, i) => ({
        id: `h${i}`,
        turnKey: `c:t${i}`,
        ...(rand() < 0.5
          ? { who: 'Me', role: 'user' as const }
          : { who: 'Assistant', role: 'assistant' as const }),
        at: at(i * 7),
        text: text(1 + Math.floor(rand() * 14)),
        score: 1 + rand() * 10,
      }));
      const lines = hits.map((h) => ({ ...h, lineTokens: count(hitLineText(h)) }));
      const past = { lines: pastLines(lines, (h) => count(hitTokenText(h))) };
      const budgetTokens = 100 + Math.floor(rand() * 1000);
      const draft = `${words[Math.floor(rand() * words.length)]} sushi piano`;
      const r = ask(indexOf(...memories), { draft, budgetTokens, past });
      if (r.lines.length === 0) continue;
      expect(count(r.text), `trial ${trial}`).toBeLessThanOrEqual(budgetTokens);
      expect(r.tokens).toBeLessThanOrEqual(budgetTokens);
    }
  }, 60_000);
});

describe('past-turn excerpts', () => {
  test('an excerpt whose turn is already in the block is left out; memories sharing a turn both stay', () => {
    const turn = ['chatgpt:c1:t7'];
    const index = indexOf(
      { ...mem('m1', 'I moved to Porto for a job at a shipyard.', { priority: 90 }), evidence: turn },
      { ...mem('m2', 'The shipyard job in Porto starts in May.'), evidence: turn },
    );
    // Past excerpts come beside the memory index, as the past index's lines (lib/past/lines.ts).
    const excerpt = (id: string, text: string, evidence: string[]) => ({
      memory: { ...mem(id, text, { type: 'event' }), evidence, excerpt: true },
      score: 0.1,
    });
    const past = {
      lines: [
        excerpt('x1', 'me: I got the shipyard job in Porto, moving next month', turn),
        excerpt('x2', 'me: the Porto shipyard pays more than Lisbon', ['chatgpt:c1:t9']),
      ],
    };
    const r = ask(index, { draft: 'porto shipyard job', past });
    expect(ids(r).sort()).toEqual(['m1', 'm2', 'x2']);
  });
});

// #25 item 3: past lines are built without links (lib/past/quote.ts); a line that still holds one, however it
// was made, is never offered.
test('a past line that holds a link is never offered', () => {
  const line = (id: string, text: string) => ({
    memory: { ...mem(id, text, { type: 'event' }), excerpt: true, evidence: [`c:${id}`] },
    score: 5,
  });
  const past = {
    lines: [
      line('x1', 'Me: the ferry to Hvar leaves at 9'),
      line('x2', 'Me: ferry times at hvar.example/t?d=1'),
    ],
  };
  expect(ids(ask(indexOf(), { draft: 'ferry to Hvar', past }))).toEqual(['x1']);
});

describe('excerpts carry the turns around them', () => {
  test('each piece has the rest of its turn and the turns either side as context', () => {
    const long = 'One. Two three four five six seven eight nine ten eleven twelve. Thirteen.';
    const pieces = conversationExcerpts([long, 'Next turn.']);
    expect(pieces.map((p) => [p.turn, p.piece, p.text])).toEqual([
      [0, 0, 'One.'],
      [0, 1, 'Two three four five six seven eight nine ten eleven twelve. Thirteen.'],
      [1, 0, 'Next turn.'],
    ]);
    expect(pieces[1]?.context.split('\n')).toEqual(['One.', 'Next turn.']);
    expect(pieces[2]?.context).toBe(long);
  });
});

describe('semantic fusion', () => {
  test('a semantic neighbour without shared words joins by reciprocal rank; without a semantic list, lexical only', () => {
    const index = indexOf(
      mem('car', 'I drive a 2012 Volvo estate.'),
      mem('ev', 'Thinking about buying an electric vehicle next year.'),
    );
    expect(ids(ask(index, { draft: 'my car' }))).toEqual([]);
    expect(ids(ask(index, { draft: 'my car', semantic: ['car', 'ev'] })).sort()).toEqual(['car', 'ev']);
    expect(ids(ask(index, { draft: 'Volvo', semantic: null }))).toEqual(['car']);
  });

  // #28: fused memory scores are reciprocal ranks (≤ 2/61) and excerpts came with bm25 (1–25), so with both
  // "Match by meaning" and past turns on, every excerpt outranked every memory and filled the block.
  test('with the semantic tier on, past excerpts join by rank too and do not crowd memories out', () => {
    const topics = ['salmon fishing', 'a red canoe', 'morning fog', 'my dog Rex', 'sunset paddles with Mia'];
    const index = indexOf(...topics.map((t, i) => mem(`m${i}`, `Kayak weekends at the lake: ${t}.`)));
    const hits = Array.from({ length: 30 }, (_, i) => ({
      id: `h${i}`,
      turnKey: `c:t${i}`,
      who: 'Me',
      role: 'user' as const,
      at: '2026-09-01T00:00:00Z',
      text: `weekend ${i} of chores and laundry`,
      score: 1.2,
    }));
    const past = { lines: pastLines(hits, () => 10) };
    const semantic = topics.map((_, i) => `m${i}`);
    const r = ask(index, { draft: 'kayak weekends at the lake', budgetTokens: 300, past, semantic });
    expect(r.lines.filter((l) => l.section !== 'past').map((l) => l.id)).toHaveLength(topics.length);
    expect(r.lines.some((l) => l.section === 'past')).toBe(true);
  });
});
