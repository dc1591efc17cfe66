// Reads LoCoMo conversations (../shared/locomo, CC BY-NC 4.0, evaluation only; never copied into the repo)
// as sessions of turns, with the dataset's own per-session observations as what a perfect extractor returns.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod/mini';

export const LOCOMO_FILE = resolve(process.cwd(), '../shared/locomo/locomo-dev.json');

const DialogTurn = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string() });
const Sample = z.object({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.unknown()),
  observation: z.record(z.string(), z.record(z.string(), z.array(z.tuple([z.string(), z.unknown()])))),
});

export interface Session {
  sampleId: string;
  /** speaker_a plays the user, speaker_b the assistant. */
  user: string;
  at: string;
  turns: { id: string; role: 'user' | 'assistant'; text: string }[];
  /** The dataset's observations about speaker_a in this session. */
  facts: string[];
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/** "1:56 pm on 8 May, 2023" -> ISO. */
export function locomoDate(text: string): string {
  const m = /(\d+):(\d+)\s*(am|pm) on (\d+) (\w+),? (\d{4})/i.exec(text);
  if (!m) throw new Error(`Unreadable LoCoMo date: ${text}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  const month = MONTHS.indexOf(m[5]!);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

export function loadSessions(): Session[] | null {
  if (!existsSync(LOCOMO_FILE)) return null;
  const samples = z.array(Sample).parse(JSON.parse(readFileSync(LOCOMO_FILE, 'utf8')));
  const out: Session[] = [];
  for (const s of samples) {
    const c = s.conversation;
    const user = String(c.speaker_a);
    for (let n = 1; Array.isArray(c[`session_${n}`]); n++) {
      const dialog = z.array(DialogTurn).parse(c[`session_${n}`]);
      const facts = s.observation[`session_${n}_observation`]?.[user]?.map(([text]) => text) ?? [];
      out.push({
        sampleId: s.sample_id,
        user,
        at: locomoDate(String(c[`session_${n}_date_time`])),
        turns: dialog.map((t) => ({
          id: t.dia_id,
          role: t.speaker === user ? 'user' : 'assistant',
          text: t.text,
        })),
        facts,
      });
    }
  }
  return out;
}
