// DeepSeek selectors, each list ordered newest layout first. DeepSeek's own class names are hashes that change
// with every build (`fbb737a4`, `_74c0879`); only its `ds-*` design-system names and data attributes are used.
// What a reader relies on, and why (2026-12, #36): the `ds-*` design-system names (`ds-message`, `ds-markdown`,
// `ds-think-content`) and the virtual list's data attributes; a message with an answer or reasoning is the
// assistant's, any other the person's. Variants: lib/sites/variants.test.ts.
// Evidence:
// - real capture ../shared/fixtures/pages/deepseek-2026-05-formatting.html (1 prompt + 1 answer after a
//   collapsed "Thought for 37 seconds" row; code, table, math; the textarea composer);
// - the hand-made test/fixtures/pages/deepseek-answers.html (one failure class per turn);
// - other projects' live notes (2025-2026) for markup no capture holds, cited where used.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The thread: a virtual list that mounts only the messages near the viewport. */
export const THREAD = [
  // 2026-05 capture. TODO(2027-05): recheck live.
  '.ds-virtual-list-visible-items',
  // its parents (2026-05), in case the inner list is renamed. TODO(2027-05): drop if the entry above holds a year.
  '.ds-virtual-list-items',
  '.ds-virtual-list',
] as const;

/** A list that unmounts what is out of view: a page read is never the whole branch. */
export const VIRTUAL = [
  // 2026-05 capture (`ds-virtual-list--printable`). TODO(2027-05): recheck on a long chat live.
  '.ds-virtual-list',
] as const;

/** One element per message, prompt or answer (2 in the 2026-05 capture). */
export const TURN = [
  // 2026-05 capture. TODO(2027-05): recheck live.
  '.ds-message',
] as const;

/** The answer's own body; the reasoning uses `.ds-markdown` too, inside THINKING. */
export const ANSWER = [
  // 2026-05 capture. TODO(2027-05): recheck live.
  '.ds-assistant-message-main-content',
  // layouts before that class (other projects' notes, 2025). TODO(2027-01): drop once no page lacks the class.
  '.ds-markdown',
] as const;

/**
 * Reasoning shown when the "Thought for …" row is expanded: `.ds-think-content`, holding its own `.ds-markdown`
 * (other projects' notes 2025-2026; collapsed, so absent, in the 2026-05 capture). Never the answer, and its
 * presence alone makes a message the assistant's (a reply still thinking has no answer yet).
 */
export const THINKING = [
  // TODO(2027-05): capture an expanded thought and recheck.
  '.ds-think-content',
] as const;

/** Chrome inside text that readableText does not know about. */
export const DROP = [
  // inline citation markers (other projects' notes, 2025-2026). TODO(2027-05): capture a searched answer.
  '.ds-markdown-cite',
  ...THINKING,
] as const;

/**
 * While a reply streams, the send button shows a stop square whose path starts "M2 4.88" (another project's live
 * probe, 2026-10-04; the idle send arrow in the 2026-05 capture starts "M8.31"). Fragile; the site JSON path does
 * not depend on it. TODO(2027-05): find a sturdier mark.
 */
export const STREAMING = [
  // the send button's class in the 2026-05 capture. TODO(2027-05): capture a streaming page.
  '.ds-icon-button path[d^="M2 4.88"]',
  // the class the 2026-10 probe names. TODO(2027-05): keep whichever a capture shows.
  '.ds-button--primary path[d^="M2 4.88"]',
] as const;

/** The prompt box: a plain textarea (2026-05 capture), which insertion types into through its own value. */
export const COMPOSER = [
  // 2026-05 capture: placeholder "Message DeepSeek", name "search". TODO(2027-05): recheck live.
  'textarea[name="search"]',
  // any textarea of the chat input if the name changes. TODO(2027-05): drop if the name holds a year.
  'textarea[placeholder]',
] as const;
