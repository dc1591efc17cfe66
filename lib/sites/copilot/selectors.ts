// Microsoft Copilot (copilot.microsoft.com) selectors, each list ordered newest layout first. Evidence:
// - real captures ../shared/fixtures/pages/copilot-2026-04.html (a saved page, 7 prompts + 7 answers, the
//   composer) and copilot-2026-03-main.html (the page's <main>, 2 + 2);
// - the hand-made test/fixtures/pages/copilot-answers.html (one failure class per turn).
// What a reader relies on, and why (#36): Copilot names every part by data attributes (`data-content` on the
// conversation and each message, `data-testid` on answers and their reactions) and marks the chrome a copy leaves
// out with `data-copy="false"` (the "You said" / "Copilot said" labels, the reactions bars); its classes are
// Tailwind utilities that say nothing of a message. So nothing below names a class.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The conversation: every message stands inside it (#24 item 5). */
export const THREAD = [
  // both captures: `div[data-content="conversation"]`. TODO(2027-06): recheck live.
  '[data-content="conversation"]',
] as const;

/** One element per message: both are `role="article"` (14 in copilot-2026-04, 4 in -03-main). */
export const TURN = [
  // both captures. TODO(2027-06): recheck live.
  '[role="article"]',
] as const;

/** The prompt as typed (pre-wrap), inside a prompt's article. */
export const USER_TEXT = [
  // both captures. TODO(2027-06): recheck live.
  '[data-content="user-message"]',
] as const;

/** An answer's article carries these itself. */
export const ANSWER_ROW = [
  // both captures: `[data-content="ai-message"][data-testid="ai-message"]`. TODO(2027-06): recheck live.
  '[data-content="ai-message"]',
  '[data-testid="ai-message"]',
] as const;

/** Each part of an answer: `div#<message id>-content-<n>` (one per part in both captures). */
export const ANSWER_PART = [
  // both captures. TODO(2027-06): recheck a multi-part answer live.
  '[id$="-content-0"], [id*="-content-"]',
] as const;

/** Chrome inside a message that readableText does not know about. */
export const DROP = [
  // "You said" / "Copilot said" headings and the reactions bars: marked for the page's own Copy to leave out.
  // TODO(2027-06): recheck live.
  '[data-copy="false"]',
] as const;

/**
 * An answer is being written while it has no reactions bar: both captures show finished answers, each with its
 * `[data-testid="message-item-reactions"]`. TODO(2027-06): capture a streaming answer to confirm.
 */
export const STREAMING = [
  // inferred from both captures (see above). TODO(2027-06): confirm on a streaming capture.
  '[data-content="ai-message"]:not(:has([data-testid="message-item-reactions"]))',
] as const;

/** The prompt box: a plain textarea (both captures). */
export const COMPOSER = [
  // both captures: `textarea#userInput[data-testid="composer-input"]`. TODO(2027-06): recheck live.
  'textarea[data-testid="composer-input"]',
  'textarea#userInput',
] as const;
