// Grok (grok.com) selectors, each list ordered newest layout first. Evidence:
// - real captures ../shared/fixtures/pages/grok-2026-04.html (a whole page, 1 prompt + 1 answer, signed out) and
//   grok-2026-03-main.html (<main> of a Grok 4 chat, 5 + 5: code blocks, a table, generated images, "Thought for"
//   rows); both have the TipTap composer;
// - the hand-made test/fixtures/pages/grok-answers.html (one failure class per turn).
// What a reader relies on, and why (#36): each message is a row whose id is the response's id
// (`div#response-<uuid>`, the JSON's `responseId`), and its text is `.response-content-markdown` inside
// `.message-bubble`: names Grok gave its own parts. Who wrote a row is said only by the row's alignment classes,
// `items-end` (the person) and `items-start` (Grok), so a page without them reads nothing and says so; the JSON,
// read first, names the sender of every response.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The thread: the rows stand in <main> (both captures); a sidebar of chats is outside it. */
export const THREAD = [
  // both captures. TODO(2027-06): recheck live.
  'main',
] as const;

/** One element per message (2 in grok-2026-04, 10 in -03-main). */
export const TURN = [
  // both captures. TODO(2027-06): recheck live.
  '[id^="response-"]',
] as const;

/** The row's alignment: the person's messages stand at the end, Grok's at the start (both captures). */
export const USER_ROW = [
  // both captures. TODO(2027-06): recheck live; look for an author attribute.
  '.items-end',
] as const;
export const ASSISTANT_ROW = [
  // both captures. TODO(2027-06): recheck live.
  '.items-start',
] as const;

/** A message's text, never its "Thought for 6s" row (`.thinking-container`, beside it in the bubble). */
export const TEXT = [
  // both captures. TODO(2027-06): recheck live.
  '.message-bubble .response-content-markdown',
] as const;

/** Chrome inside text that readableText does not know about. */
export const DROP = [
  // "Thought for 1m 6s" (-03-main turns 7 and 9, outside the markdown today). TODO(2027-06): recheck live.
  '.thinking-container',
] as const;

/** While Grok writes, its stop button replaces send (open-source tools of 2026 wait on it). */
export const STREAMING = [
  // not in either capture (both are at rest); English label only. TODO(2027-06): capture a streaming page.
  'button[aria-label*="Stop"]',
] as const;

/** The prompt editor: TipTap (ProseMirror) in the query bar; a textarea before 2026. */
export const COMPOSER = [
  // both captures: `.query-bar div.tiptap.ProseMirror[contenteditable]`. TODO(2027-06): recheck live.
  '.query-bar [contenteditable="true"].ProseMirror',
  'div.tiptap.ProseMirror[contenteditable="true"]',
  // 2025 layout (other tools' notes: `textarea[aria-label="Ask Grok anything"]`). TODO(2027-01): drop.
  'form textarea:not([readonly])',
] as const;
