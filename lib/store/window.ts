// Where a partial read's turns go among the stored ones (#3, #14, #24). A windowed page (ChatGPT 2026-09 mounts 3-6
// turns, Gemini's scroller and Perplexity's list load early turns only when scrolled to) sends part of the branch.
// Each new turn stands next to the turn the window shows it beside: before the first turn it knows, right after
// a known turn, or after everything stored when it knows none. Stored turns after such a place move up to make
// room, so no two turns share a place (the bug: turns 5-7 then 2-5 stored T2@0 T3@0 T4@0 T5@0 T6@1 T7@2). Pure.
import type { Turn } from '../model/records';

/** New turns that go right before stored place `at`, in page order. */
interface Gap {
  at: number;
  turns: Turn[];
}

export interface Placement {
  /** The place of each of the window's turns, new or known. */
  orders: number[];
  /** Stored turns outside the window whose place moved. */
  moved: Turn[];
  /** The places the window's new turns took. */
  added: number[];
  /** Where a stored place went (the same turn's). */
  shift(order: number): number;
  /** Where a span that began at `order` begins now: new turns placed right before it belong to it. */
  start(order: number): number;
}

function gapsOf(window: readonly Turn[], known: readonly (Turn | undefined)[], end: number): Gap[] {
  const first = known.find((k) => k !== undefined);
  if (!first) return [{ at: end, turns: [...window] }];
  const gaps = new Map<number, Turn[]>();
  const put = (at: number, turn: Turn) => gaps.set(at, [...(gaps.get(at) ?? []), turn]);
  let anchor: Turn | undefined;
  window.forEach((turn, i) => {
    const k = known[i];
    if (k) anchor = k;
    else put(anchor ? anchor.order + 1 : first.order, turn);
  });
  return [...gaps].map(([at, turns]) => ({ at, turns })).sort((a, b) => a.at - b.at);
}

export function placeWindow(
  window: readonly Turn[],
  known: readonly (Turn | undefined)[],
  stored: readonly Turn[],
): Placement {
  const end = stored.reduce((max, t) => Math.max(max, t.order + 1), 0);
  const gaps = gapsOf(window, known, end);
  const before = (order: number, strict: boolean) =>
    gaps.filter((g) => (strict ? g.at < order : g.at <= order)).reduce((n, g) => n + g.turns.length, 0);
  const shift = (order: number) => (order < 0 ? order : order + before(order, false));
  const start = (order: number) => order + before(order, true);
  const placed = new Map(gaps.flatMap((g) => g.turns.map((t, j) => [t.key, start(g.at) + j] as const)));
  const inWindow = new Set(window.map((t) => t.key));
  return {
    orders: window.map((t, i) => {
      const k = known[i];
      return k ? shift(k.order) : (placed.get(t.key) ?? end);
    }),
    moved: stored
      .filter((t) => !inWindow.has(t.key) && shift(t.order) !== t.order)
      .map((t) => ({ ...t, order: shift(t.order) })),
    added: [...placed.values()],
    shift,
    start,
  };
}
