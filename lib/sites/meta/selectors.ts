// Meta AI (www.meta.ai) selectors, each list ordered newest layout first. Evidence:
// - real capture ../shared/fixtures/pages/meta-ai-2026-05-scroller.html (the chat scroller, 1 prompt + 1 answer:
//   code, a table, citation pills, a sources pill, a formula drawn as an image; no composer);
// - the hand-made test/fixtures/pages/meta-answers.html (one failure class per turn, and a composer).
// What a reader relies on, and why (#36): Meta names each message by data attributes: `data-message-item` rows,
// `data-message-type="user"` on a prompt, `data-testid="assistant-message"` with `data-streaming-state` on an answer,
// `data-slot="text"` on text, `data-testid` on citation and source pills, and message ids that end in `_user` or
// `_assistant`. Its classes are Tailwind utilities and are never read.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** One element per message (2 in the capture). */
export const TURN = [
  // 2026-05 capture: `div[data-message-item="true"][data-message-id]`. TODO(2027-06): recheck live.
  '[data-message-item="true"]',
  '[data-message-id]',
] as const;

export const USER_MESSAGE = [
  // 2026-05 capture. TODO(2027-06): recheck live.
  '[data-message-type="user"]',
] as const;

export const ASSISTANT_MESSAGE = [
  // 2026-05 capture. TODO(2027-06): recheck live.
  '[data-testid="assistant-message"]',
  '[data-message-type="assistant"]',
] as const;

/** Text in the prompt: the typed text, and the sent time ("Today"), which sits inside a tooltip's trigger. */
export const USER_TEXT = [
  // 2026-05 capture: `span[data-slot="text"]`. TODO(2027-06): recheck live.
  '[data-slot="text"]',
] as const;
export const USER_CHROME = [
  // 2026-05 capture: the time under the prompt. TODO(2027-06): recheck live.
  '[data-slot="tooltip-trigger"]',
] as const;

/** Each part of an answer (text, code, table, formula) is a `.markdown-content` block (6 in the capture). */
export const ANSWER = [
  // 2026-05 capture. TODO(2027-06): recheck live.
  '.markdown-content',
] as const;

/** Chrome inside an answer that readableText does not know about. */
export const DROP = [
  // citation pills ("en.wikipedia.org") and the sources pill under the answer (2026-05 capture).
  // TODO(2027-06): recheck live.
  '[data-testid="citation-pill"]',
  '[data-testid="sources-pill"]',
  // A code block shows Meta's own header ("Elixir", `.ur-code-block__metadata`, kept as other sites keep theirs)
  // over the markdown renderer's, which repeats the language ("elixir"). TODO(2027-06): recheck live.
  '[data-streamdown="code-block-header"]',
] as const;

/** While Meta writes an answer its state is not DONE (the capture shows DONE and complete). */
export const STREAMING = [
  // 2026-05 capture (at rest). TODO(2027-06): capture a streaming answer to confirm the other values.
  '[data-testid="assistant-message"][data-streaming-complete="false"]',
  '[data-testid="assistant-message"][data-streaming-state]:not([data-streaming-state="DONE"])',
] as const;

/** The prompt editor: not in the capture (a fragment). */
export const COMPOSER = [
  // other tools' notes (2026): a Lexical editor, `div[contenteditable][role="textbox"]` in the composer form.
  // TODO(2027-06): capture a whole page.
  'form [contenteditable="true"][role="textbox"]',
  '[contenteditable="true"][role="textbox"]',
  'form textarea:not([readonly])',
] as const;
