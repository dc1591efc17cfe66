// A file's dates are claims (#25): a hostile export dated everything 2999, so its copies were always "newer" than
// what was stored, and its usage rows and history fell on "today". Every date that says when something happened is
// brought back to the present; a date for when a job may run is held to a day, the longest wait Engram sets itself
// (the token cap's hold until 00:00 UTC). Dates in the past are kept as written, so a round trip stays identical.
// `occurredStart`/`occurredEnd` are not clamped: an event memory may be planned for next year.
import type { Job, Memory, MemoryEvent, Usage } from '../model/records';
import type { CaptureWrite } from '../store/conversations';

const DAY_MS = 86_400_000;

/** A date no later than `limit`; an unreadable one is left for the schemas, which already refused it. */
export function notAfter(iso: string, limit: Date): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) || ms <= limit.getTime() ? iso : limit.toISOString();
}

const maybe = (iso: string | null, now: Date) => (iso === null ? null : notAfter(iso, now));

/** True when a record claims to have changed after `now`: such a copy never wins over a stored one. */
export const lateDated = (r: { updatedAt: string }, now: Date) => Date.parse(r.updatedAt) > now.getTime();

export function clampMemory(m: Memory, now: Date): Memory {
  const { mentionedAt, createdAt, updatedAt } = m;
  return {
    ...m,
    ...{ mentionedAt: notAfter(mentionedAt, now), createdAt: notAfter(createdAt, now) },
    updatedAt: notAfter(updatedAt, now),
  };
}

export function clampEvent(e: MemoryEvent, now: Date): MemoryEvent {
  const snapshot = (m: Memory | null) => (m ? clampMemory(m, now) : null);
  return { ...e, at: notAfter(e.at, now), before: snapshot(e.before), after: snapshot(e.after) };
}

export function clampConversation(write: CaptureWrite, now: Date): CaptureWrite {
  const c = write.conversation;
  return {
    conversation: {
      ...c,
      ...{ createdAt: maybe(c.createdAt, now), updatedAt: notAfter(c.updatedAt, now) },
      health: { ...c.health, checkedAt: notAfter(c.health.checkedAt, now) },
    },
    turns: write.turns.map((t) => ({
      ...t,
      ...{ createdAt: maybe(t.createdAt, now), capturedAt: notAfter(t.capturedAt, now) },
    })),
  };
}

export function clampJob(j: Job, now: Date): Job {
  const runAfter = notAfter(j.runAfter, new Date(now.getTime() + DAY_MS));
  return { ...j, runAfter, createdAt: notAfter(j.createdAt, now), updatedAt: notAfter(j.updatedAt, now) };
}

export function clampUsage(u: Usage, now: Date): Usage {
  const today = now.toISOString().slice(0, 10);
  return { ...u, at: notAfter(u.at, now), day: u.day > today ? today : u.day };
}
