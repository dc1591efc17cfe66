// Claude selectors, each list ordered newest layout first. Evidence:
// - current layout: measured live 2026-10 (no capture), reduced by hand into test/fixtures/pages/claude-current.html;
// - older layout: real capture ../shared/fixtures/pages/claude-2026-01-29.html and the hand-made
//   test/fixtures/pages/claude-older.html.
// Claude puts no message ids in the DOM, so turns carry siteMessageId null. Counts are asserted in parse.test.ts.
// "TODO(date)" = look again by then: drop the older entries once live pages no longer match them.

/**
 * Element to observe for new turns. The older layout's container has no name of its own (claude-2026-01-29), so
 * parse.ts falls back to the first turn's parent; `:has()` would name it but throws in Firefox before 121.
 */
export const THREAD = [
  // current layout (2026-10). TODO(2027-04): replace the hand-made fixture with a real capture.
  '[data-autoscroll-container] [role="feed"]',
] as const;

/** One element per message. */
export const TURN = [
  // current layout (2026-10): `data-perf-row` is human | assistant. TODO(2027-04): recheck on a real capture.
  '[data-testid="transcript-row"]',
  // older layout (claude-2026-01-29). TODO(2027-04): drop once no live page renders data-test-render-count.
  'div[data-test-render-count]',
] as const;

/** Text the user typed. */
export const USER_TEXT = [
  // both layouts (claude-2026-01-29; current 2026-10 keeps the test id). TODO(2027-04): recheck live.
  '[data-testid="user-message"]',
] as const;

/** Answer prose fragments, all joined. Thinking is filtered out by THINKING. */
export const ASSISTANT_TEXT = [
  // current layout (2026-10): one Prose block per text part, status rows ("Thought for 5s") between them.
  // TODO(2027-04): recheck on a real capture.
  '[data-testid="assistant-message"] [data-cds="Prose"] .standard-markdown',
  // older layout (claude-2026-01-29). TODO(2027-04): drop with the older TURN entry.
  '[data-is-streaming] .font-claude-response .standard-markdown',
] as const;

/** Thinking sections: in the DOM even when collapsed, and not part of the answer. */
export const THINKING = [
  // current layout (2026-10): collapsed status rows. TODO(2027-04): check an expanded one on a real capture.
  '[data-cds="TurnStatus"]',
  // older layout with extended thinking (live notes of 2026-02, no capture: grid row 1 holds the thoughts, row 2
  // the answer). TODO(2027-04): drop with the older TURN entry.
  '.row-start-1',
  '[class*="group/thinking"]',
] as const;

/** Artifact and research cards inside an answer, read as their title only. */
export const CARDS = [
  // older layout (other projects' live selectors, 2026; no capture holds a card in a message).
  // TODO(2027-04): confirm on a capture, and find the current layout's card.
  { card: '.artifact-block-cell', title: '.leading-tight' },
] as const;

/** Chrome inside answers that readableText does not know about. */
export const DROP = [
  // Source pills ("Anthropic +2") in research text, claude-artifact-2026-01-29. TODO(2027-04): recheck live.
  'a[class~="group/tag"]',
] as const;

/** Present while an answer is being written. */
export const STREAMING = [
  // both layouts (claude-2026-01-29 shows the "false" state). TODO(2027-04): recheck live.
  '[data-is-streaming="true"]',
] as const;

/** The visible prompt editor; `textarea[data-testid="chat-input-ssr"]` is a server-rendered stand-in: never it. */
export const COMPOSER = [
  // both layouts (claude-2026-01-29 ends with it). TODO(2027-04): recheck live.
  'div[data-testid="chat-input"][contenteditable="true"]',
  // any ProseMirror editor, in case the test id moves. TODO(2027-06): drop if the test id has held a year.
  'div.ProseMirror[contenteditable="true"]',
  // last resort on a redesigned page. TODO(2027-06): drop with the entry above.
  'div[contenteditable="true"]',
] as const;
