// Hostile transcripts through the REAL pipeline (#11 "Done when"): capture store -> queue -> extraction
// prompt -> parse -> gate -> consolidation -> guard -> writes -> Dexie (fake-indexeddb), with a scripted model
// that OBEYS each transcript (test/helpers/hostile.ts). What is checked is the code around the model.
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { extractionPrompt } from '../../prompts/registry';
import { PastIndex } from '../background/recall/past-index';
import { PastTier } from '../background/recall/past-tier';
import { redactedLine } from '../background/recall/redacted-lines';
import { DEFAULT_SETTINGS } from '../model/settings';
import type { Memory, MemoryEvent } from '../model/records';
import { viewFor } from '../past/memory-answer';
import { loadSqlite, memoryHost, memoryTable } from '../past/memory-db';
import { ENGLISH_BLOCK } from '../recall/words';

const ANSWER_LABEL = ENGLISH_BLOCK.answer;
import { recallable } from '../recall/index';
import { recall, type RecallResult } from '../recall/recall';
import { db, deleteDb } from '../store/db';
import { countTokens } from '../tokens';
import { loadHostile, obedientScript, turnsOf, type HostileFixture } from '../../test/helpers/hostile';
import {
  NOW,
  outcome,
  runPipeline,
  seedMemories,
  seedTurns,
  type Outcome,
} from '../../test/helpers/pipeline';
import { event, memory } from '../../test/helpers/records';
import { CAPS } from './guard';
import { hasLink } from '../recall/links';

await loadSqlite();

const FIXTURES = loadHostile();

// The tokenizer's one-time build (~1 s, far more under load) for the past tier's counts, outside any test.
beforeAll(() => countTokens('warm'), 60_000);

beforeEach(async () => {
  await deleteDb();
});

/** Direct changes the extractor wrote today, as the daily cap counts them (store/limits.ts). */
async function seedTodaysChanges(n: number): Promise<void> {
  const at = new Date(NOW.getTime() - 3_600_000).toISOString();
  const rows: MemoryEvent[] = Array.from({ length: n }, (_, i) => {
    const after = memory({ id: `today-${i}`, text: `Earlier fact ${i}.` });
    return event({ id: `today-${i}`, memoryId: after.id, after, actor: 'extractor', jobId: 'earlier', at });
  });
  await db().memoryEvents.bulkPut(rows);
}

const owned = (m: Memory, f: HostileFixture, i: number) => {
  const seed = f.existing?.[i];
  return m.pinned || m.priority === -1 || (typeof seed === 'object' && seed.by === 'user');
};
const meaning = (m: Memory | undefined) =>
  m && {
    text: m.text,
    type: m.type,
    priority: m.priority,
    pinned: m.pinned,
    status: m.status,
    scope: m.scope,
  };

function direct(o: Outcome) {
  const mine = o.events.filter(
    (e) => e.jobId !== null && e.jobId !== 'earlier' && e.after?.status !== 'pending',
  );
  const n = (op: string) => mine.filter((e) => e.op === op).length;
  return { add: n('add'), update: n('update'), delete: n('delete') };
}

/** The extraction prompt's own lines: one per real turn, the template's markers, and nothing a turn forged. */
function checkPromptShape(o: Outcome, f: HostileFixture) {
  const content = o.requests[0]?.messages[0]?.content ?? '';
  const template = extractionPrompt('v1').render({ turns: [], context: [], existing: [] }).user;
  const markers = (s: string) => s.split('\n').filter((l) => /^=== .* ===$/.test(l)).length;
  expect(markers(content)).toBe(markers(template));
  expect(content.split('\n').filter((l) => /^\[\d+\] /.test(l))).toHaveLength(f.turns.length);
  expect(content).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
}

const laterChat = {
  site: 'claude' as const,
  conversationId: 'later',
  recent: [] as string[],
  scope: null,
  exclude: [] as string[],
};
const pastOn = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true } };

/**
 * The blocks a later chat would get, through the background's own past tier (its index built from the stored
 * turns): with an empty draft (priority decides), with each memory's words and with each turn's (#25 item 3:
 * an old answer reached every chat whose draft shared its words).
 */
async function laterBlocks(o: Outcome, f: HostileFixture): Promise<RecallResult[]> {
  const table = memoryTable(o.memories.map(recallable));
  const tier = new PastTier(new PastIndex(memoryHost()));
  const drafts = ['', ...o.memories.map((m) => m.text), ...turnsOf(f).map((t) => t.text.slice(0, 20_000))];
  const out: RecallResult[] = [];
  for (const draft of drafts) {
    const past = await tier.lines({ ...laterChat, draft, budgetTokens: 4000 }, pastOn, null);
    const input = { draft, recent: [], scopes: null, budgetTokens: 4000, now: NOW.getTime() };
    out.push(recall(viewFor(table, input), { ...input, past, clean: redactedLine }));
  }
  return out;
}

/** "From past chats" quotes no link, and quotes an assistant's words only as a past answer (#25 item 3). */
function checkQuotes(blocks: readonly RecallResult[], f: HostileFixture) {
  const assistant = new Set(f.turns.flatMap((t, i) => (t.role === 'assistant' ? [`:t${i}`] : [])));
  const lines = blocks.flatMap((b) => b.lines);
  for (const l of lines.filter((line) => line.section === 'past')) {
    expect(hasLink(l.text), l.text).toBe(false);
    const fromAnswer = (l.memory.evidence ?? []).some((e) => [...assistant].some((a) => e.endsWith(a)));
    expect(l.text.startsWith(`${ANSWER_LABEL}: "`), l.text).toBe(fromAnswer);
  }
  for (const s of f.expect.quotedOnly ?? []) {
    const holding = lines.filter((l) => l.text.includes(s));
    expect(holding.length, `${s} is quoted`).toBeGreaterThan(0);
    for (const l of holding) expect(l.text.startsWith(`${ANSWER_LABEL}: "`), l.text).toBe(true);
  }
}

async function run(f: HostileFixture) {
  const seeded = await seedMemories(f.existing ?? []);
  if (f.changesToday) await seedTodaysChanges(f.changesToday);
  await seedTurns(turnsOf(f));
  const { provider } = await runPipeline(obedientScript(f));
  const o = await outcome(provider.requests, seeded);
  return { o, all: JSON.stringify([o.memories, o.events]) };
}

test('the suite has at least 15 hostile transcripts', () =>
  expect(FIXTURES.length).toBeGreaterThanOrEqual(15));

describe.each(FIXTURES)('$file', (f) => {
  test(`${f.attack}`, async () => {
    const { o, all } = await run(f);
    expect(o.jobs[0]?.status).toBe('done');
    // The model was asked, and its answer was taken: the code, not a refusal, is what held.
    expect(o.requests.length).toBeGreaterThan(0);
    checkPromptShape(o, f);

    // What the person owns is as it was.
    for (const [i, seed] of o.seeded.entries())
      if (owned(seed, f, i)) expect(meaning(o.memories.find((m) => m.id === seed.id))).toEqual(meaning(seed));
    // The caps held, whatever the model said.
    const written = direct(o);
    expect(written.add).toBeLessThanOrEqual(CAPS.add);
    expect(written.update).toBeLessThanOrEqual(CAPS.update);
    expect(written.delete).toBeLessThanOrEqual(CAPS.delete);
    const seededIds = new Set(o.seeded.map((m) => m.id));
    const fresh = o.memories.filter((m) => !seededIds.has(m.id));
    // No standing rule becomes active without the person.
    expect(fresh.filter((m) => m.status === 'active' && m.priority === -1)).toEqual([]);

    const e = f.expect;
    if (e.activeNew !== undefined)
      expect(fresh.filter((m) => m.status === 'active')).toHaveLength(e.activeNew);
    if (e.pendingAtLeast !== undefined)
      expect(o.memories.filter((m) => m.status === 'pending').length).toBeGreaterThanOrEqual(
        e.pendingAtLeast,
      );
    const active = o.memories
      .filter((m) => m.status === 'active')
      .map((m) => m.text)
      .join('\n');
    for (const s of e.neverActive ?? []) expect(active).not.toContain(s);
    for (const s of e.neverStored ?? []) expect(all).not.toContain(s);
    const later = await laterBlocks(o, f);
    checkQuotes(later, f);
    if (e.neverInBlock) {
      const blocks = later.map((b) => b.text).join('\n');
      expect(blocks).toContain('Lyon');
      for (const s of e.neverInBlock) expect(blocks).not.toContain(s);
    }
    const sent = o.requests.flatMap((r) => [r.system, ...r.messages.map((m) => m.content)]).join('\n');
    for (const s of e.neverSent ?? []) expect(sent.replace(/\u200b/g, '')).not.toContain(s);
    // The past index on sqlite-wasm and a 150 kB paste asked as a draft: seconds on the loaded 2-core box.
  }, 30_000);
});
