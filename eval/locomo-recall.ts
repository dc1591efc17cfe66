// Reads the LoCoMo format (Maharana et al. 2024) into memory stores and questions for eval:recall. Each
// conversation is its own store; observations are dated by their session, and their dia_ids (a string, a
// list, or a comma-joined string) are all evidence.
import { readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { escapeMemoryText } from '../lib/recall/block';
import type { Recallable } from '../lib/recall/index';
import type { PastTurn } from '../lib/past/passages';
import type { PastHit } from '../lib/past/engine';
import { hitLineText } from '../lib/past/lines';

export type Source = 'observations' | 'turns' | 'both';

export interface Question {
  question: string;
  category: number;
  evidence: string[];
}

/**
 * Which half of the dev set a conversation is in (#28). Ranking is tuned on `tune` and a change is kept only if
 * `check` agrees, so the numbers cannot be fitted to the questions alone. Fixed by the conversation's id
 * (FNV-1a, even: tune), not by its place in the file: a conversation never changes part when others are added.
 * On the dev file: tune = conv-26, conv-42 (351 questions); check = conv-30, conv-41, conv-43 (411).
 */
export type Part = 'tune' | 'check';

export function partOf(id: string): Part {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 2 === 0 ? 'tune' : 'check';
}

export interface Store {
  id: string;
  part: Part;
  memories: Recallable[];
  /** Raw turns, one list per session, for the past-turn index ("From past chats", lib/past). */
  sessions: PastTurn[][];
  questions: Question[];
  /** The last session's date: "now" for recency. */
  now: number;
}

type Raw = Record<string, unknown>;
const encoder = new Tiktoken(o200k);
export const tokens = (text: string) => encoder.encode(escapeMemoryText(text)).length;
/** Past hits with their printed line's tokens, as the offscreen document counts them (lib/past/lines.ts). */
export const counted = <H extends PastHit>(hits: readonly H[]) =>
  hits.map((h) => ({ ...h, lineTokens: encoder.encode(hitLineText(h)).length }));

export function diaIds(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : [String(value ?? '')];
  return parts
    .flatMap((p) => p.split(/[,;\s]+/))
    .map((p) => p.replace(/^D:(\d)/, 'D$1'))
    .filter((p) => /^D\d+:\d+$/.test(p));
}

/** "1:56 pm on 8 May, 2023" → ISO. */
export function sessionDate(text: string): string {
  const m = /(\d+):(\d+)\s*(am|pm)\s+on\s+(\d+)\s+(\w+),?\s+(\d{4})/i.exec(text);
  if (!m) return new Date(Date.parse(text) || 0).toISOString();
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  const day = new Date(`${m[4]} ${m[5]} ${m[6]} UTC`);
  day.setUTCHours(hour, Number(m[2]));
  return day.toISOString();
}

function memory(id: string, text: string, at: string, evidence: string[]): Recallable {
  return {
    id,
    text,
    type: 'event',
    priority: 50,
    pinned: false,
    proofCount: 1,
    mentionedAt: at,
    occurredStart: at,
    occurredEnd: null,
    scope: 'global',
    status: 'active',
    tokenCount: tokens(text),
    evidence,
  };
}

function observations(sample: Raw, dates: Map<string, string>): Recallable[] {
  const out: Recallable[] = [];
  for (const [key, bySpeaker] of Object.entries((sample.observation ?? {}) as Raw)) {
    const session = key.replace(/_observation$/, '');
    const at = dates.get(session) ?? new Date(0).toISOString();
    for (const items of Object.values(bySpeaker as Raw)) {
      (items as [string, unknown][]).forEach(([text, ids], i) =>
        out.push(memory(`${key}:${out.length}:${i}`, text, at, diaIds(ids))),
      );
    }
  }
  return out;
}

// Turn keys are LoCoMo's dia_ids, so an excerpt's evidence is its turn, as in the extension (a Turn.key).
function turns(conversation: Raw, dates: Map<string, string>): PastTurn[][] {
  return [...dates].map(([session, at]) => {
    const list = (conversation[session] ?? []) as Raw[];
    const caption = (t: Raw) => (t.blip_caption ? ` [shares ${String(t.blip_caption)}]` : '');
    return list.map((t) => ({
      key: diaIds(t.dia_id)[0] ?? String(t.dia_id),
      conversationKey: session,
      who: String(t.speaker),
      // Two people talk in LoCoMo; neither is an assistant whose words would be quoted as an answer.
      role: 'user' as const,
      text: `${String(t.text)}${caption(t)}`,
      at,
    }));
  });
}

export function loadLocomo(file: string, source: Source): Store[] {
  const samples = JSON.parse(readFileSync(file, 'utf8')) as Raw[];
  return samples.map((sample) => {
    const conversation = sample.conversation as Raw;
    const dates = new Map<string, string>();
    for (const [key, value] of Object.entries(conversation)) {
      const m = /^(session_\d+)_date_time$/.exec(key);
      if (m) dates.set(m[1]!, sessionDate(String(value)));
    }
    const memories = source !== 'turns' ? observations(sample, dates) : [];
    const sessions = source !== 'observations' ? turns(conversation, dates) : [];
    const questions = ((sample.qa ?? []) as Raw[])
      .filter((q) => [1, 2, 3, 4].includes(Number(q.category)))
      .map((q) => ({
        question: String(q.question),
        category: Number(q.category),
        evidence: diaIds(q.evidence),
      }));
    const now = Math.max(...[...dates.values()].map((d) => Date.parse(d)));
    const id = String(sample.sample_id);
    return { id, part: partOf(id), memories, sessions, questions, now };
  });
}
