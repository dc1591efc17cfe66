// LoCoMo (snap-research, CC BY-NC 4.0, evaluation only): read from ../shared, never copied into the repo.
// Validated on load like any file input; sessions come back in order with their date as an ISO time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';

const Turn = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string() });
const Qa = z.object({
  question: z.string(),
  answer: z.optional(z.union([z.string(), z.number()])),
  evidence: z.array(z.string()),
  category: z.number().check(z.int(), z.gte(1), z.lte(5)),
});
const Observation = z.record(
  z.string(),
  z.array(z.tuple([z.string(), z.union([z.string(), z.array(z.string())])])),
);

export const LocomoConversation = z.object({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.union([z.string(), z.array(Turn)])),
  qa: z.array(Qa),
  observation: z.record(z.string(), Observation),
});
export type LocomoConversation = z.infer<typeof LocomoConversation>;

/** Categories as the mem0 paper reports them; 5 (adversarial) is left out of the score, as there. */
export const CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const LOCOMO_DEV = path.resolve(repoRoot, '../shared/locomo/locomo-dev.json');

/** null when ../shared is absent (a fresh clone): callers skip, they do not fail. */
export function loadLocomo(file = LOCOMO_DEV): LocomoConversation[] | null {
  if (!existsSync(file)) return null;
  const parsed = z.array(LocomoConversation).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: not LoCoMo: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
);

/** "1:56 pm on 8 May, 2023" → "2023-05-08T13:56:00.000Z" (LoCoMo gives no zone; UTC keeps it stable). */
export function parseLocomoDate(text: string): string {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm) on (\d{1,2}) ([A-Za-z]+),? (\d{4})$/i.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1;
  if (!m || month < 0) throw new Error(`unrecognized LoCoMo date "${text}"`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

export interface LocomoSession {
  index: number;
  at: string;
  turns: { speaker: string; diaId: string; text: string }[];
  /** LoCoMo's gold observations for this session, as plain sentences. */
  observations: string[];
}

export function sessionsOf(c: LocomoConversation): LocomoSession[] {
  const sessions: LocomoSession[] = [];
  for (let i = 1; Array.isArray(c.conversation[`session_${i}`]); i++) {
    const turns = c.conversation[`session_${i}`] as z.infer<typeof Turn>[];
    const when = c.conversation[`session_${i}_date_time`];
    if (typeof when !== 'string') throw new Error(`${c.sample_id}: session ${i} has no date`);
    const obs = c.observation[`session_${i}_observation`] ?? {};
    sessions.push({
      index: i,
      at: parseLocomoDate(when),
      turns: turns.map((t) => ({ speaker: t.speaker, diaId: t.dia_id, text: t.text })),
      observations: Object.values(obs).flatMap((list) => list.map(([text]) => text)),
    });
  }
  return sessions;
}

export interface LocomoQuestion {
  conversation: string;
  question: string;
  gold: string;
  category: number;
}

/** Categories 1–4 whose evidence lies in the first `sessions` sessions (all when undefined). */
export function questionsOf(c: LocomoConversation, sessions?: number): LocomoQuestion[] {
  const inRange = (id: string) =>
    sessions === undefined || Number(/^D(\d+):/.exec(id)?.[1] ?? Infinity) <= sessions;
  return c.qa
    .filter((q) => CATEGORIES[q.category] && q.answer !== undefined && q.evidence.every(inRange))
    .map((q) => ({
      conversation: c.sample_id,
      question: q.question,
      gold: String(q.answer),
      category: q.category,
    }));
}
