// Google AI Studio (aistudio.google.com) selectors, each list ordered newest layout first. Evidence:
// - real capture ../shared/fixtures/pages/aistudio-build-2025-11.html: the Build page's code assistant
//   (`ms-code-assistant-chat`), 31 prompts and 30 answers, each answer over several `.turn.output` rows (a
//   "Thought for N seconds" row, the text, a table of changed files, a "Checkpoint" row);
// - other tools' selectors of 2025-2026 for the chat page (`/prompts/<id>`: `ms-chat-turn` with
//   `data-turn-role`, text in `ms-cmark-node`, thoughts in `ms-thought-chunk`), which no capture holds;
// - the hand-made test/fixtures/pages/aistudio-answers.html (the chat page and the Build page, one failure class
//   per turn).
// What a reader relies on, and why (#36): Angular custom elements that name their part (`ms-chat-turn`,
// `ms-cmark-node` for rendered text, `ms-thought-chunk`, `ms-expandable-turn`), the chat turn's
// `data-turn-role`, and the Build chat's `.turn.input` / `.turn.output` component classes. Angular's
// `_ngcontent-*` attributes change with every build and are never read.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The thread: every message stands inside it (#24 item 5). */
export const THREAD = [
  // the chat page (other tools' notes, 2025-2026). TODO(2027-06): capture a chat page.
  'ms-chat-session',
  // the Build page (2025-11 capture). TODO(2027-06): recheck live.
  'ms-code-assistant-chat',
] as const;

/** One element per chat turn (chat page) or per row of the Build chat (148 rows in the capture). */
export const TURN = [
  // chat page (notes). TODO(2027-06): capture one.
  'ms-chat-turn',
  // Build page (2025-11 capture). TODO(2027-06): recheck live.
  '.turn.input, .turn.output',
] as const;

export const USER_ROW = [
  // chat page (notes): `data-turn-role="User"`. TODO(2027-06): capture one.
  '[data-turn-role="User"]',
  // Build page (2025-11 capture). TODO(2027-06): recheck live.
  '.turn.input',
] as const;
export const MODEL_ROW = [
  // chat page (notes). TODO(2027-06): capture one.
  '[data-turn-role="Model"]',
  // Build page (2025-11 capture). TODO(2027-06): recheck live.
  '.turn.output',
] as const;

/** Rendered text of a turn: one `ms-cmark-node` tree per text part (nested nodes inside it). */
export const TEXT = [
  // both pages (2025-11 capture; chat page notes). TODO(2027-06): recheck live.
  'ms-cmark-node',
  // the chat page's plain text chunk (notes). TODO(2027-06): capture one.
  'ms-text-chunk',
] as const;

/** Not the answer: thoughts, the Build chat's checkpoints and its table of changed files. */
export const NOT_TEXT = [
  // chat page thoughts (notes). TODO(2027-06): capture one.
  'ms-thought-chunk',
  // Build page: "Thought for 70 seconds" rows, "Checkpoint" rows, changed files (2025-11 capture).
  // TODO(2027-06): recheck live.
  'ms-expandable-turn',
  '.snapshot-container',
  '.generation-table',
  // an answer that failed ("An internal error occurred.") and a prompt row that only says the code was restored
  // from a checkpoint ("Restored from …"): neither is a turn (2025-11 capture). TODO(2027-06): recheck live.
  '.error-container',
  '.restored-container',
] as const;

/** Chrome inside text that readableText does not know about. */
export const DROP = [
  // the turn's header ("User", "Gemini 2.5 Pro · Ran for 118s"), a heading by role (2025-11 capture).
  // TODO(2027-06): recheck live.
  '.turn-header',
  // icons drawn from a font by their name ("flag", "check_circle", "lightbulb"): a person sees a picture.
  '.material-symbols-outlined',
  'mat-icon',
  ...NOT_TEXT,
] as const;

/** While a prompt runs, its Run button turns into Stop (notes: `run-button` with a stop state). */
export const STREAMING = [
  // the chat page's run button while running (notes, 2025). TODO(2027-06): capture one.
  'run-button button.stoppable',
  // Build page: a turn that is still loading (notes). TODO(2027-06): capture one.
  '.turn.output .loading-indicator',
] as const;

/** The prompt box: a textarea on both pages. */
export const COMPOSER = [
  // Build page (2025-11 capture): `textarea.cdk-textarea-autosize` in the assistant's input. TODO(2027-06): recheck.
  'ms-code-assistant-chat textarea',
  // chat page (notes): `ms-prompt-input-wrapper textarea`. TODO(2027-06): capture one.
  'ms-prompt-input-wrapper textarea',
  'ms-chunk-input textarea',
] as const;
