// Boosts nudge relevance, never override it (#5): each is a small multiplier on the lexical or fused score,
// so a memory that does not match the query stays out whatever its priority.
import type { MemoryType } from '../model/records';
import type { Recallable } from './index';
import { inWindow, type Window } from './time';

const TYPE_WEIGHT: Record<MemoryType, number> = {
  instruction: 0.06,
  correction: 0.06,
  preference: 0.04,
  profile: 0.04,
  event: 0,
};

const HALF_LIFE_DAYS = 180;

export function boostFactor(memory: Recallable, now: number, window: Window | null): number {
  const ageDays = Math.max(0, (now - Date.parse(memory.mentionedAt)) / 86_400_000);
  let boost = 1;
  boost += memory.pinned ? 0.15 : 0;
  boost += (Math.max(0, memory.priority) / 100) * 0.1;
  boost += TYPE_WEIGHT[memory.type];
  boost += 0.08 * 0.5 ** (ageDays / HALF_LIFE_DAYS);
  boost += 0.03 * Math.log2(Math.min(memory.proofCount, 16));
  if (window && inWindow(window, memory.occurredStart, memory.mentionedAt)) boost += 0.3;
  return boost;
}
