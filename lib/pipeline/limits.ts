// What the guard (guard.ts) and the queue need from the store, read once per job (#11).
import type { Problem } from '../model/problem';
import type { Memory } from '../model/records';
import type { Settings } from '../model/settings';
import { extractionToday, nextUtcDay, writtenByPerson } from '../store/limits';
import { ownedBecause, type GuardInput } from './guard';

/** Why each target is the person's own: pinned, a standing rule, or typed or edited by hand. */
export async function ownership(targets: readonly Memory[]): Promise<Map<string, string>> {
  const mine = await writtenByPerson(targets.map((t) => t.id));
  const out = new Map<string, string>();
  for (const t of targets) {
    const why = ownedBecause(t, mine.has(t.id));
    if (why) out.set(t.id, why);
  }
  return out;
}

export async function guardInput(
  targets: readonly Memory[],
  settings: Settings,
  now: Date,
): Promise<GuardInput> {
  const [owned, today] = await Promise.all([ownership(targets), extractionToday(now)]);
  return {
    reviewMode: settings.privacy.reviewMode,
    owned,
    changesToday: today.changes,
    dailyChanges: settings.limits.dailyChanges,
  };
}

/** When today's tokens reached the cap: until when jobs wait, and the words Activity shows. */
export async function tokenHold(
  settings: Settings,
  now: Date,
): Promise<{ until: Date; why: Problem } | null> {
  const { tokens } = await extractionToday(now);
  const cap = settings.limits.dailyTokens;
  if (tokens < cap) return null;
  return { until: nextUtcDay(now), why: { code: 'token-cap', tokens, cap } };
}
