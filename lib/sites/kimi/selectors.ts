// Kimi (www.kimi.com) selectors, each list ordered newest layout first. Evidence:
// - real capture ../shared/fixtures/pages/kimi-share-2026-07.html: a SHARE page (someone's thread, 3 prompts +
//   3 answers, no composer), whose message markup (Vue `.segment` components) is the chat page's own;
// - the hand-made test/fixtures/pages/kimi-answers.html (a chat page of one's own: one failure class per turn);
// - other tools' selectors of 2026 for the chat page's composer and thinking blocks (cited where used).
// What a reader relies on, and why (#36): Kimi's component classes name each message's author (`.segment-user`,
// `.segment-assistant`) and its parts (`.user-content`, `.markdown`); the thread is the segments' list. Vue's
// scoped-style attributes (`data-v-<hash>`) change with every build and are never read.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The thread: every message stands inside it (#24 item 5). */
export const THREAD = [
  // a chat page (other tools' notes, 2026). TODO(2027-06): capture a chat page of one's own.
  '.chat-content-list',
  // the share page (2026-07 capture). TODO(2027-06): recheck live.
  '.share-content-list',
] as const;

/** One element per message (6 in the capture); a segment of neither author is reported, never read. */
export const TURN = [
  // 2026-07 capture. TODO(2027-06): recheck live.
  '.segment',
] as const;

export const USER_ROW = [
  // 2026-07 capture. TODO(2027-06): recheck live.
  '.segment-user',
] as const;
export const ASSISTANT_ROW = [
  // 2026-07 capture. TODO(2027-06): recheck live.
  '.segment-assistant',
] as const;

/** The prompt as typed. */
export const USER_TEXT = [
  // 2026-07 capture: `div.user-content`. TODO(2027-06): recheck live.
  '.user-content',
] as const;

/** The answer's markdown, never a tool call's or a thought's (`.toolcall-content-text`, other tools' notes). */
export const ANSWER = [
  // 2026-07 capture: `.markdown-container > .markdown`. TODO(2027-06): capture an answer with a thought.
  '.markdown-container:not(.toolcall-content-text) > .markdown',
] as const;

/** Thinking and tool calls beside the answer: never part of it. */
export const THINKING = [
  // other tools' notes (2026): tool-call and thinking text. TODO(2027-06): confirm on a capture.
  '.toolcall-content-text',
  '.thinking-container',
] as const;

/** Chrome inside text that readableText does not know about. */
export const DROP = [
  // purchase and link cards after each message (2026-07 capture: empty there). TODO(2027-06): recheck live.
  '.okc-cards-container',
  ...THINKING,
] as const;

/** The person's own chat shows a composer; a share page shows none and is marked as one. */
export const SHARED_VIEW = [
  // 2026-07 capture: `div.share-page`, `.share-content-list`. TODO(2027-06): recheck live.
  '.share-page',
  '.share-content-list',
] as const;

/** Present while an answer is being written. */
export const STREAMING = [
  // other tools' notes (2026): the send button turns into a stop button. TODO(2027-06): capture one.
  '.send-button-container.stop',
] as const;

/** The prompt editor (none on a share page). */
export const COMPOSER = [
  // other tools' notes (2026): Lexical in `.chat-input-editor`. TODO(2027-06): capture a chat page.
  '.chat-input-editor[contenteditable="true"]',
  '[data-lexical-editor="true"][contenteditable="true"]',
] as const;
