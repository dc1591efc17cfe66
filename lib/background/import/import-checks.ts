// Imported records become stored ones only if the store's own schemas accept them (#12): each conversation,
// turn, memory and history event is parsed with lib/model/records.ts after the fields a file may lack are
// filled (token counts are always recounted), and each refused record comes back with the reason. What passes
// is dated no later than the import (lib/import/clamp.ts, #25), and its history and usage marked as imported.
import type { z } from 'zod/mini';
import {
  clampConversation,
  clampEvent,
  clampJob,
  clampMemory,
  clampUsage,
  lateDated,
  notAfter,
} from '../../import/clamp';
import { describeError, recordLabel as label } from '../../import/issues';
import { ExportConversation, ExportMemory } from '../../model/export';
import type { ImportRefusal } from '../../model/messages';
import { Conversation, Job, Turn, Usage, type MemoryEvent } from '../../model/records';
import type { CaptureWrite } from '../../store/conversations';
import { recordsOfExport } from '../../store/conversation-records';
import type { ImportedMemory, Progress } from '../../store/import';
import { tokensOf } from '../shared/user-events';

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: ImportRefusal };

const field = (raw: unknown, name: string): unknown =>
  raw && typeof raw === 'object' && name in raw ? (raw as Record<string, unknown>)[name] : undefined;

const refuse = <T>(what: string, reason: string): Checked<T> => ({ ok: false, refusal: { what, reason } });

/** Two visible turns with one id or one place would be shown twice or out of order. */
function repeated(write: CaptureWrite): string | null {
  const visible = write.turns.filter((t) => !t.superseded);
  const ids = new Set(write.turns.map((t) => t.id));
  if (ids.size < write.turns.length) return 'two turns share one id';
  if (new Set(visible.map((t) => t.order)).size < visible.length) return 'two turns share one place (order)';
  return null;
}

export interface ImportedConversation {
  write: CaptureWrite;
  progress: Progress | null;
  late: boolean;
}

export function checkConversation(raw: unknown, now: Date): Checked<ImportedConversation> {
  const what = label('Conversation', raw, 'title');
  const shape = ExportConversation.safeParse(raw);
  if (!shape.success) return refuse(what, describeError(shape.error));
  const write = recordsOfExport(shape.data, now.toISOString());
  const conversation = Conversation.safeParse(write.conversation);
  if (!conversation.success) return refuse(what, describeError(conversation.error));
  for (const [i, turn] of write.turns.entries()) {
    const checked = Turn.safeParse(turn);
    if (!checked.success) return refuse(what, `turns[${i}].${describeError(checked.error)}`);
  }
  const twice = repeated(write);
  if (twice) return refuse(what, twice);
  const done = shape.data.extraction;
  const key = write.conversation.key;
  const progress = done ? { conversationKey: key, ...done, at: notAfter(done.at, now) } : null;
  const late = lateDated(write.conversation, now);
  return { ok: true, value: { write: clampConversation(write, now), progress, late } };
}

/** A job as a new worker would see it: one that was running waits again, without its lease. */
export function checkJob(raw: unknown, now: Date): Checked<{ job: Job; late: boolean }> {
  const what = label('Job', raw, 'conversationKey');
  const parsed = Job.safeParse(raw);
  if (!parsed.success) return refuse(what, describeError(parsed.error));
  const job = parsed.data;
  const waiting = job.status === 'running' ? { status: 'pending' as const } : {};
  const value = { ...clampJob(job, now), ...waiting, leaseUntil: null, leaseOwner: null };
  return { ok: true, value: { job: value, late: lateDated(job, now) } };
}

export function checkUsage(raw: unknown, now: Date): Checked<z.infer<typeof Usage>> {
  const parsed = Usage.safeParse(raw);
  return parsed.success
    ? { ok: true, value: { ...clampUsage(parsed.data, now), imported: true } }
    : refuse(label('Usage record', raw, 'model'), describeError(parsed.error));
}

/** The file's token counts are never trusted (a count of 0 made a long memory free): each copy is recounted. */
async function recounted(raw: unknown): Promise<unknown> {
  if (!raw || typeof raw !== 'object') return raw;
  const copy = structuredClone(raw) as Record<string, unknown>;
  const history = Array.isArray(copy.history) ? (copy.history as unknown[]) : [];
  const snapshots = history.flatMap((e) => [field(e, 'before'), field(e, 'after')]);
  for (const m of [copy, ...snapshots])
    if (m && typeof m === 'object' && 'text' in m && typeof m.text === 'string')
      (m as Record<string, unknown>).tokenCount = await tokensOf(m.text);
  return copy;
}

export async function checkMemory(raw: unknown, now: Date): Promise<Checked<ImportedMemory>> {
  const what = label('Memory', raw, 'text');
  const parsed = ExportMemory.safeParse(await recounted(raw));
  if (!parsed.success) return refuse(what, describeError(parsed.error));
  const { history, ...memory } = parsed.data;
  const foreign = history.find((e: MemoryEvent) => e.memoryId !== memory.id);
  if (foreign) return refuse(what, `history event ${foreign.id} belongs to another memory`);
  const events = history.map((e): MemoryEvent => ({ ...clampEvent(e, now), imported: true }));
  const late = lateDated(memory, now);
  return { ok: true, value: { memory: clampMemory(memory, now), history: events, late } };
}
