// Scores the multilingual recall set (#28, test/fixtures/languages/recall-set.json): per language, how often a
// draft that shares a noun with a past chat or a memory finds it, in "From past chats" (the FTS5 past index),
// among memories (the memory index) and in the memory manager's search. All languages share one store, as a
// person who writes in several would have. `npm run eval:languages` and eval/languages.test.ts read this.
import { readFileSync } from 'node:fs';
import { turnKey } from '../lib/model/keys';
import type { Recallable } from '../lib/recall/index';
import { rankLines, recall, type RecallInput } from '../lib/recall/recall';
import { MemoryIndex } from '../lib/manage/search';
import { PAST_LIMIT } from '../lib/past/limits';
import { hitText, pastLines } from '../lib/past/lines';
import { viewFor } from '../lib/past/memory-answer';
import { memoryEngine, memoryTable } from '../lib/past/memory-db';
import type { MemoryTable } from '../lib/past/memory-table';
import { passagesOf } from '../lib/past/passages';
import type { PastEngine } from '../lib/past/engine';
import { counted, tokens } from './locomo-recall';

interface Language {
  lang: string;
  chats: { key: string; at: string; turns: string[] }[];
  memories: { id: string; text: string }[];
  drafts: { text: string; past?: string[]; memory?: string[] }[];
  searches: { query: string; memory: string }[];
}

export interface LanguageSet {
  now: string;
  languages: Language[];
}

/** hit: in a 600-token block; first3: among the first three lines of its kind (a ranking, not just a match). */
export interface Found {
  n: number;
  hit: number;
  first3: number;
}

export interface LanguageScore {
  past: Found;
  memories: Found;
  manager: Found;
  /** What was not in the block or the search's results: "past: <draft>", "memories: …", "manager: …". */
  missed: string[];
}

export const readLanguageSet = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as LanguageSet;

function memoryOf(m: { id: string; text: string }, at: string): Recallable {
  return {
    id: m.id,
    text: m.text,
    type: 'profile',
    priority: 50,
    pinned: false,
    proofCount: 1,
    mentionedAt: at,
    occurredStart: null,
    occurredEnd: null,
    scope: 'global',
    status: 'active',
    tokenCount: tokens(m.text),
  };
}

async function pastEngine(set: LanguageSet): Promise<PastEngine> {
  const engine = await memoryEngine();
  for (const chat of set.languages.flatMap((l) => l.chats)) {
    const turns = chat.turns.map((text, i) => ({
      key: turnKey(chat.key, String(i)),
      conversationKey: chat.key,
      who: i % 2 ? 'Assistant' : 'Me',
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      text,
      at: chat.at,
    }));
    engine.putConversation(chat.key, passagesOf(turns, true));
  }
  return engine;
}

const tally = (): Found => ({ n: 0, hit: 0, first3: 0 });
const ratio = (f: Found): Found => ({
  n: f.n,
  hit: Math.round((f.hit / Math.max(1, f.n)) * 1000) / 1000,
  first3: Math.round((f.first3 / Math.max(1, f.n)) * 1000) / 1000,
});

/** Counts one draft: is a wanted line in the block, and among the first three candidates? */
function count(found: Found, table: MemoryTable, input: RecallInput, wanted: (evidence: string) => boolean) {
  const wants = (r: { memory: Recallable }) => [r.memory.id, ...(r.memory.evidence ?? [])].some(wanted);
  found.n++;
  const index = viewFor(table, input);
  const hit = recall(index, input).lines.some(wants);
  if (hit) found.hit++;
  if (rankLines(index, input).ranked.slice(0, 3).some(wants)) found.first3++;
  return hit;
}

export async function scoreLanguages(set: LanguageSet): Promise<Record<string, LanguageScore>> {
  const now = Date.parse(set.now);
  const all = set.languages.flatMap((l) => l.memories);
  const engine = await pastEngine(set);
  const memories = memoryTable(all.map((m) => memoryOf(m, set.now)));
  const manager = new MemoryIndex();
  manager.sync(all);
  const empty = memoryTable();
  const out: Record<string, LanguageScore> = {};
  for (const language of set.languages) {
    const score = { past: tally(), memories: tally(), manager: tally() };
    const missed: string[] = [];
    for (const draft of language.drafts) {
      const input = { draft: draft.text, recent: [], scopes: null, budgetTokens: 600, now };
      if (draft.memory && !count(score.memories, memories, input, (id) => draft.memory!.includes(id)))
        missed.push(`memories: ${draft.text}`);
      if (!draft.past) continue;
      const hits = engine.query(draft.text, { limit: PAST_LIMIT, skipConversation: null });
      const past = { lines: pastLines(counted(hits), (h) => tokens(hitText(h))) };
      if (!count(score.past, empty, { ...input, past }, (turn) => draft.past!.includes(turn)))
        missed.push(`past: ${draft.text}`);
    }
    for (const search of language.searches) {
      const ids = manager.search(search.query) ?? [];
      score.manager.n++;
      if (ids.includes(search.memory)) score.manager.hit++;
      else missed.push(`manager: ${search.query}`);
      if (ids.slice(0, 3).includes(search.memory)) score.manager.first3++;
    }
    out[language.lang] = {
      past: ratio(score.past),
      memories: ratio(score.memories),
      manager: ratio(score.manager),
      missed,
    };
  }
  return out;
}
