// Qwen Chat (chat.qwen.ai) selectors, each list ordered newest layout first. Evidence:
// - real capture ../shared/fixtures/pages/qwen-2026-05-panel.html (the chat panel, 1 prompt + 1 answer: a
//   "Thought completed" card before the answer, a Monaco code block, a table, KaTeX; the textarea composer);
// - the hand-made test/fixtures/pages/qwen-answers.html (one failure class per turn).
// What a reader relies on, and why (#36): each message's element names its author in its id and in Qwen's own
// component class (`#qwen-chat-message-user-<id>`, `.qwen-chat-message-assistant`), the answer is the
// `phase-answer` part of `.response-message-content` (thinking is another phase), and the thread is the message
// container by id. Utility and CSS-module classes (`index-module__…`, `css-…`) are never read.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The thread: every message stands inside it (#24 item 5). */
export const THREAD = [
  // 2026-05 capture: `div#chat-message-container`. TODO(2027-06): recheck live.
  '#chat-message-container',
  // its scroller, should the id move. TODO(2027-06): drop if the entry above holds a year.
  '#chat-messages-scroll-container',
] as const;

/** One element per message (2 in the capture). */
export const TURN = [
  // 2026-05 capture. TODO(2027-06): recheck live.
  '[id^="qwen-chat-message-user-"], [id^="qwen-chat-message-assistant-"]',
  '.qwen-chat-message',
] as const;

export const USER_ROW = [
  // 2026-05 capture: the id names the author, and so does the class. TODO(2027-06): recheck live.
  '[id^="qwen-chat-message-user-"]',
  '.qwen-chat-message-user',
] as const;

export const ASSISTANT_ROW = [
  // 2026-05 capture. TODO(2027-06): recheck live.
  '[id^="qwen-chat-message-assistant-"]',
  '.qwen-chat-message-assistant',
] as const;

/** The prompt as typed (pre-wrap). */
export const USER_TEXT = [
  // 2026-05 capture: `p.user-message-content`. TODO(2027-06): recheck live.
  '.user-message-content',
  '.chat-user-message',
] as const;

/** The answer: its answer phase, never a thinking phase. */
export const ANSWER = [
  // 2026-05 capture: `div.response-message-content.phase-answer`. TODO(2027-06): recheck live.
  '.response-message-content.phase-answer',
  // a page without phases (2025). TODO(2027-01): drop once every answer is phased.
  '.response-message-content:not([class*="phase-think"])',
] as const;

/** Chrome inside an answer that readableText does not know about. */
export const DROP = [
  // the "Thought completed" card and thinking phases (2026-05 capture). TODO(2027-06): capture an open thought.
  '.qwen-chat-thinking-tool-status-card-wraper',
  '[class*="phase-think"]',
] as const;

/** Present while an answer is being written. */
export const STREAMING = [
  // the thinking card's running state, beside the `-completed` one the capture shows. TODO(2027-06): capture one.
  '.qwen-chat-thinking-status-card-running',
] as const;

/** The prompt box: a plain textarea. */
export const COMPOSER = [
  // 2026-05 capture: `textarea.message-input-textarea`. TODO(2027-06): recheck live.
  'textarea.message-input-textarea',
  '#chat-input',
] as const;
