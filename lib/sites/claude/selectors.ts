// Claude selectors, each list ordered newest layout first. Evidence:
// - current layout: measured live 2026-10 (no capture), reduced by hand into test/fixtures/pages/claude-current.html;
// - older layouts: real captures ../shared/fixtures/pages/claude-2026-01-29.html, claude-2026-02-27.html (tool
//   rows, file cards, research) and claude-2026-05-formatting.html (sr-only headings, thinking row); the hand-made
//   test/fixtures/pages/claude-older.html and claude-2026-answers.html (one #14 failure class per turn).
// What a reader relies on, and why (2026-12, #36): rows inside the thread (`data-testid="transcript-row"`,
// `data-test-render-count`), the person's message by its test id, and an answer as every `.standard-markdown`
// block of its row outside status rows, disclosure panels and source pills, found by ARIA (`role="status"`
// live labels, `aria-expanded` toggles) and structure as well as by class; a chat begins with the person's message,
// so a panel at the head of the thread is never an answer. `.font-claude-response` is a Tailwind font utility a
// project panel reuses: it only narrows where to look, never decides. Variants: lib/sites/variants.test.ts.
// Claude puts no message ids in the DOM, so turns carry siteMessageId null. Counts are asserted in parse.test.ts.
// "TODO(date)" = look again by then: drop the older entries once live pages no longer match them.

/**
 * The thread: messages are only what stands in it (#24 item 5). The older layouts' container has no name of its
 * own (claude-2026-01-29, -02-27), so parse.ts takes the parent of the row that holds the first prompt: not the
 * first row's, since a project page's panels reuse the row markup before the thread (claude-2026-07-project).
 * `:has()` would name it but throws in Firefox before 121.
 */
export const THREAD = [
  // current layout (2026-10). TODO(2027-04): replace the hand-made fixture with a real capture.
  '[data-autoscroll-container] [role="feed"]',
] as const;

/** One element per message. */
export const TURN = [
  // current layout (2026-10): `data-perf-row` is human | assistant. TODO(2027-04): recheck on a real capture.
  '[data-testid="transcript-row"]',
  // older layouts (claude-2026-01-29, -02-27, -05-formatting, where an assistant row may sit in a plain div).
  // TODO(2027-04): drop once no live page renders data-test-render-count.
  'div[data-test-render-count]',
] as const;

/** Text the user typed. */
export const USER_TEXT = [
  // every layout (claude-2026-01-29, -02-27, -05-formatting; current 2026-10 keeps the test id).
  // TODO(2027-04): recheck live.
  '[data-testid="user-message"]',
] as const;

/**
 * The assistant's message inside a row. Never `.font-claude-response`: pages also put that class on things that
 * are not messages (a project panel's name, #14), so messages are found by their row first.
 */
export const ASSISTANT_MESSAGE = [
  // current layout (2026-10). TODO(2027-04): recheck on a real capture.
  '[data-testid="assistant-message"]',
  // 2026-01 to 2026-05 layouts (claude-2026-01-29, -02-27, -05-formatting). TODO(2027-04): drop with the older TURN.
  '[data-is-streaming]',
  // 2026-07 project chat as #24 reports it (no capture; hand-made claude-2026-07-project): a row whose answer has
  // no streaming flag, found by the answer's font class. Safe only inside a row of the thread, where parse.ts looks;
  // the same class marks the project's name outside it. TODO(2027-04): replace with a capture's mark.
  '.font-claude-response',
] as const;

/**
 * One text block of an answer; an answer is all of its blocks in DOM order, joined (#14). Tool outputs and
 * expanded thoughts use the same class, so blocks inside a STATUS_ROW are left out.
 */
export const TEXT_BLOCK = [
  // every layout: claude-2026-01-29 (one block), -02-27 (text before and after tool rows and cards),
  // -05-formatting (text after a thinking row), current 2026-10 (one per Prose part). TODO(2027-04): recheck live.
  '.standard-markdown',
] as const;

/**
 * Tool, status and thinking rows: a toggle, its label, and a panel that stays mounted while collapsed (tool rows
 * with their outputs in claude-2026-02-27). Neither the label nor the panel is answer text. Not `.row-start-1`:
 * the answer's own cell is also a `.row-start-1` of a nested grid (claude-2026-02-27 turn 5, -05-formatting), and
 * reading it as thinking lost whole answers (#14).
 */
export const STATUS_ROW = [
  // current layout (2026-10): collapsed status rows ("Thought for 5s"). TODO(2027-04): check on a real capture.
  '[data-cds="TurnStatus"]',
  // 2026-02 and 2026-05 layouts: the first cell of a tool or thinking segment's two-row grid, whose second cell
  // holds the text (claude-2026-02-27 turns 5, 11; -05-formatting turn 1). Only that grid's direct child: the text
  // cell nests a .row-start-1 of its own. Backs up STATUS_LABEL. TODO(2027-04): drop with the older TURN.
  '[class~="grid-rows-[auto_auto]"] > .row-start-1',
  // older layout with extended thinking (live notes of 2026-02, no capture). TODO(2027-04): drop with the older TURN.
  '[class~="group/thinking"]',
] as const;

/**
 * 2026-02 and 2026-05 status rows have no name of their own: each announces its label in an sr-only live region
 * beside its toggle (button.group/status) and panel, so the row is the live region's parent when that parent also
 * holds a toggle (claude-2026-02-27 turns 5, 11; -05-formatting turn 1). TODO(2027-04): recheck live.
 */
export const STATUS_LABEL = '[role="status"][aria-live]';
export const STATUS_TOGGLE = '[aria-expanded]';

/** Chrome inside answer text that readableText does not know about. */
export const DROP = [
  // Source pills ("Anthropic +2") in research text, claude-artifact-2026-01-29. TODO(2027-04): recheck live.
  'a[class~="group/tag"]',
  // The same pills by structure, should the utility class go (#36): a link out of the page inside a tooltip's
  // trigger (`span[data-state] > a[target="_blank"]`, claude-artifact-2026-01-29). TODO(2027-04): recheck live.
  '[data-state] > a[target="_blank"]',
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
