// Le Chat (chat.mistral.ai) selectors, each list ordered newest layout first. Evidence:
// - real capture ../shared/fixtures/pages/lechat-2026-05-formatting.html (1 prompt + 1 answer; the answer follows
//   a "Worked for 3s" disclosure holding a "Thought for 3s" row and the model's reasoning; code block, an ARIA
//   grid table, math; the ProseMirror composer);
// - the hand-made test/fixtures/pages/lechat-answers.html (one failure class per turn).
// What a reader relies on, and why (2026-12, #36): each message's author and id (`data-message-author-role`,
// `data-message-id`), answer parts by `data-message-part-type` / `data-testid`, reasoning by its `role="region"`
// disclosure panels. A prompt's text is marked only by utilities (`select-text`): without them the prompt is
// reported, never read whole with its time stamp. Variants: lib/sites/variants.test.ts.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/** The thread: every message stands inside it (#24 item 5). */
export const THREAD = [
  // 2026-05 capture. TODO(2027-05): recheck live.
  '[data-testid="conversation-layout"]',
] as const;

/** One element per message, with its role and the site's message id (2 in the 2026-05 capture). */
export const TURN = [
  // 2026-05 capture: `div[data-message-author-role][data-message-id]`. TODO(2027-05): recheck live.
  '[data-message-author-role][data-message-id]',
  // the role alone, if the id attribute moves. TODO(2027-05): drop if the entry above holds a year.
  '[data-message-author-role]',
] as const;

/** The prompt as typed: one `span.whitespace-pre-wrap` per line, between <br>s. */
export const USER_TEXT = [
  // 2026-05 capture. TODO(2027-05): recheck live.
  '.select-text',
] as const;

/** Each part of the answer the person reads; tool calls and reasoning are other parts. */
export const ANSWER = [
  // 2026-05 capture: `div[data-message-part-type="answer"][data-testid="text-message-part"]`.
  // TODO(2027-05): recheck a multi-part answer live.
  '[data-message-part-type="answer"]',
  '[data-testid="text-message-part"]',
] as const;

/**
 * "Worked for 3s" / "Thought for 3s" disclosures: each is a trigger button beside a `role=region` panel that
 * holds the reasoning (rendered as markdown, "The user wants a short response…") and stays mounted, `inert`, while
 * collapsed (2026-05 capture). Nothing inside is the answer.
 */
export const REASONING = [
  // 2026-05 capture: the disclosure panels. TODO(2027-05): recheck live.
  '[role="region"][id^="collapsible-content-"]',
  // a reasoning part named as the answer part is (`data-message-part-type`), should the panels be renamed; no
  // capture shows one. TODO(2027-05): drop unless a capture shows it.
  '[data-message-part-type="reasoning"]',
] as const;

/** Chrome inside text that readableText does not know about. */
export const DROP = [
  // the code block's header keeps its language label like the other sites; its icon has aria-label text only.
  // Citation chips: none in the capture. TODO(2027-05): capture a searched answer.
  ...REASONING,
] as const;

/** The prompt editor. */
export const COMPOSER = [
  // 2026-05 capture: ProseMirror in the chat input form. TODO(2027-05): recheck live.
  'form div.ProseMirror[contenteditable="true"]',
  'div.ProseMirror[contenteditable="true"]',
  // Le Chat's textarea composer before ProseMirror (2024-2025). TODO(2027-01): drop once no page renders it.
  'form textarea',
] as const;
