// Boosts nudge relevance, never override it (#5): each is a multiplier on the lexical or fused score (all of
// them together at most ~2.5x), so a memory that does not match the query stays out whatever its priority.
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

/** `mentioned`: the memory's mentionedAt in ms, when the caller has it parsed already (lib/past/memory-answer.ts). */
export function boostFactor(
  memory: Recallable,
  now: number,
  window: Window | null,
  mentioned = Date.parse(memory.mentionedAt),
): number {
  const ageDays = Math.max(0, (now - mentioned) / 86_400_000);
  let boost = 1;
  boost += memory.pinned ? 0.15 : 0;
  boost += (Math.max(0, memory.priority) / 100) * 0.1;
  boost += TYPE_WEIGHT[memory.type];
  boost += 0.08 * 0.5 ** (ageDays / HALF_LIFE_DAYS);
  boost += 0.03 * Math.log2(Math.min(memory.proofCount, 16));
  // A time the draft names ("in May 2023", "last week") weighs as much as the words (#28: +0.3 was a nudge
  // that rarely reordered; eval:recall --source both at +1: 0.880/0.812 -> 0.883/0.814 @600, 0.918/0.863 ->
  // 0.921/0.865 @1000, both parts; +1.5 and +2.5 measured the same or one question more, docs/recall.md).
  if (window && inWindow(window, memory.occurredStart, memory.mentionedAt)) boost += 1;
  return boost;
}
