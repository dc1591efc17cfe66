// Per-tab capture limits (#25): a page script can send captureTurns as often and as large as it likes, and every
// turn stored goes on to the past index and the sync storage. Each tab gets a rate (captures a minute) and a daily
// size (turns and bytes a UTC day, per conversation and in all), sized from real use; imports are not captures and
// never count. Pure: the state lives in capture-limits.ts.
import type { CaptureNotice } from '../../model/notice';
import type { Growth } from '../../store/capture-size';

/**
 * Answers run 300-1,500 words: about 2-10 kB (6.4 bytes a word in the sample exports, 1,329 B for a 209-word
 * answer). A conversation of 1,000 turns of the longest answers is ~5.5 MB; a tab that opens 50 such old chats in
 * a day (each first capture stores all of it) writes ~10,000 turns and ~50 MB. Each limit is at least twice that.
 * A windowed page (ChatGPT mounts 3-6 turns) sends one capture per window scrolled past: 120 a minute is two a
 * second, kept up for a whole minute.
 */
export const CAPTURE_LIMITS = {
  perMinute: 120,
  conversationTurns: 5_000,
  conversationBytes: 25_000_000,
  dayTurns: 20_000,
  dayBytes: 100_000_000,
};

const MINUTE = 60_000;
/** Conversations remembered per tab and day; past it a tab is bound by its daily totals alone. */
const CONVERSATIONS_KEPT = 50;

type Limit = Extract<CaptureNotice, { code: 'tab-limit' }>['limit'];

export interface Pause {
  /** The limit passed: captures a minute, the tab's day, or one chat's day. */
  limit: Limit;
  until: number;
  /** Set when only this conversation is paused. */
  conversationKey: string | null;
  /** What the refused captures carried (a capture sent again counts again: "up to"). */
  refused: number;
  turns: number;
  bytes: number;
}

export interface TabBudget {
  day: string;
  turns: number;
  bytes: number;
  conversations: Record<string, Growth>;
  /** When each capture accepted in the last minute arrived (ms). */
  recent: number[];
  pause: Pause | null;
}

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
const nextDay = (now: number) => Date.parse(`${dayOf(now + 86_400_000)}T00:00:00.000Z`);

export const emptyBudget = (now: number): TabBudget => ({
  ...{ day: dayOf(now), turns: 0, bytes: 0, conversations: {} },
  ...{ recent: [], pause: null },
});

function why(
  b: TabBudget,
  key: string,
  g: Growth,
  now: number,
): Omit<Pause, 'refused' | 'turns' | 'bytes'> | null {
  const L = CAPTURE_LIMITS;
  if (b.recent.length >= L.perMinute)
    return { limit: 'minute', until: (b.recent[0] ?? now) + MINUTE, conversationKey: null };
  if (b.turns + g.turns > L.dayTurns || b.bytes + g.bytes > L.dayBytes)
    return { limit: 'day', until: nextDay(now), conversationKey: null };
  const c = b.conversations[key] ?? { turns: 0, bytes: 0 };
  if (c.turns + g.turns > L.conversationTurns || c.bytes + g.bytes > L.conversationBytes)
    return { limit: 'chat', until: nextDay(now), conversationKey: key };
  return null;
}

/** Refuses a capture past a limit (and adds it to the pause), or charges it; returns the new budget. */
export function charge(
  budget: TabBudget,
  key: string,
  g: Growth,
  now: number,
): { budget: TabBudget; pause: Pause | null } {
  const b = budget.day === dayOf(now) ? budget : emptyBudget(now);
  const recent = b.recent.filter((t) => t > now - MINUTE);
  const live = { ...b, recent };
  const stop = why(live, key, g, now);
  if (stop) {
    const same = b.pause && b.pause.limit === stop.limit ? b.pause : null;
    const pause: Pause = {
      ...stop,
      ...{ refused: (same?.refused ?? 0) + 1, turns: (same?.turns ?? 0) + g.turns },
      bytes: (same?.bytes ?? 0) + g.bytes,
    };
    return { budget: { ...live, pause }, pause };
  }
  const c = b.conversations[key] ?? { turns: 0, bytes: 0 };
  const others = Object.entries(b.conversations).filter(([k]) => k !== key);
  const conversations = Object.fromEntries([
    ...others.slice(-(CONVERSATIONS_KEPT - 1)),
    [key, { turns: c.turns + g.turns, bytes: c.bytes + g.bytes }],
  ]);
  const next = { ...live, turns: b.turns + g.turns, bytes: b.bytes + g.bytes, conversations };
  return { budget: { ...next, recent: [...recent, now], pause: null }, pause: null };
}

const MOST: Record<Limit, { captures: number; turns: number; bytes: number }> = {
  minute: { captures: CAPTURE_LIMITS.perMinute, turns: 0, bytes: 0 },
  day: { captures: 0, turns: CAPTURE_LIMITS.dayTurns, bytes: CAPTURE_LIMITS.dayBytes },
  chat: { captures: 0, turns: CAPTURE_LIMITS.conversationTurns, bytes: CAPTURE_LIMITS.conversationBytes },
};

/** The pause as the tab's status says it (#37: a code the page words): the limit, and what was not stored. */
export function pauseNotice(p: Pause): CaptureNotice {
  const refused = { captures: p.refused, turns: p.turns, bytes: p.bytes };
  return { code: 'tab-limit', limit: p.limit, most: MOST[p.limit], refused };
}

/** The pause that applies to a tab showing `key` at `now`, or null. */
export function activePause(b: TabBudget | undefined, key: string | null, now: number): Pause | null {
  const p = b?.pause;
  if (!p || p.until <= now) return null;
  return p.conversationKey === null || p.conversationKey === key ? p : null;
}
