// Messages are only what stands in the thread (#24 item 5): a page's sidebar or panel may reuse a message's classes
// (Claude's project panel carries the answer's font class), so every site finds its thread first and reads turns
// inside it, never across the whole document.
import { outermost, queryCandidates, queryFirst, readableText, type ReadableOptions } from './text';

/** The first of `turns` that matches inside the thread, in DOM order; nothing when the page has no thread. */
export function turnsInThread(thread: Element | null, turns: readonly string[]): Element[] {
  return thread ? queryCandidates(thread, turns) : [];
}

/** Elements of the first matching selector inside `scope` that do not stand inside any of `excluded`. */
export function queryOutside(
  scope: Element,
  candidates: readonly string[],
  excluded: readonly string[],
): Element[] {
  const not = excluded.join(', ');
  for (const selector of candidates) {
    const found = [...scope.querySelectorAll(selector)].filter((el) => {
      const inside = el.closest(not);
      return inside === null || !scope.contains(inside);
    });
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * An answer's text: its outermost parts outside `excluded` (reasoning, research steps), each read as a person reads
 * it, joined by blank lines. Three sites had the same lines (DeepSeek, Gemini, Le Chat).
 */
export function answerOutside(
  scope: Element,
  parts: readonly string[],
  excluded: readonly string[],
  options: ReadableOptions,
): string {
  return outermost(queryOutside(scope, parts, excluded))
    .map((part) => readableText(part, options))
    .filter((part) => part !== '')
    .join('\n\n');
}

/**
 * The nearest ancestor of a prompt's row that also holds another row: the thread when it has no name of its own.
 * Rows may each sit in a wrapper (claude-2026-05-formatting), and a panel before the thread may reuse the row
 * markup (claude-2026-07-project), so neither the first row's parent nor the page's first row will do.
 */
export function threadAround(row: Element, rows: readonly string[]): Element | null {
  const selector = rows.join(', ');
  for (let el = row.parentElement; el; el = el.parentElement) {
    const other = [...el.querySelectorAll(selector)].some((r) => !row.contains(r) && !r.contains(row));
    if (other) return el;
  }
  return row.parentElement;
}

/** What frames a page beside its thread: navigation, side panels, the page header (ARIA landmarks and tags). */
export const FRAMES = [
  'nav',
  'aside',
  'header',
  '[role="navigation"]',
  '[role="complementary"]',
  '[role="banner"]',
] as const;

/**
 * The thread a site names, else the nearest element that holds every message the site marks as one (#36): a page
 * that has renamed or dropped its thread container (a held-out Gemini page had no `#chat-history`; a Perplexity
 * layout of 2025 no thread column class) still has its messages, and they are the thread.
 */
export function namedOrHolding(
  root: ParentNode,
  named: readonly string[],
  messages: readonly string[],
  frames: readonly string[] = FRAMES,
): Element | null {
  const found = queryFirst(root, named);
  if (found) return found;
  // A side panel may reuse the message markup (a Gem's card, a project's description): never part of the thread.
  const all = queryCandidates(root, messages).filter((message) => !message.closest(frames.join(', ')));
  const holdsAll = (el: Element) => all.every((message) => el.contains(message));
  for (let el = all[0]?.parentElement ?? null; el; el = el.parentElement) if (holdsAll(el)) return el;
  return null;
}
