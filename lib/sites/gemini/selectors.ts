// Gemini selectors, each list ordered newest layout first. Evidence:
// - real captures ../shared/fixtures/pages/gemini-2026-02-27.html (3 prompts + 3 answers, Japanese, LaTeX, an sr-only
//   "あなたのプロンプト" label on every prompt) and gemini-2026-05-formatting.html (1 + 1: "You said" label, code,
//   table, math, an empty thinking overlay), both Angular custom elements;
// - the hand-made test/fixtures/pages/gemini-answers.html (one failure class per turn);
// - live notes of other projects for markup no capture holds (cited where used).
// What a reader relies on, and why (2026-12, #36): Angular component names that every Gemini layout since 2024
// keeps (`user-query`, `model-response`, `message-content`, `model-thoughts`, `rich-textarea`): each message is
// read from its own element wherever the page wraps it, and the thread is the named scroller or else the nearest
// element holding them all, outside the side navigation. Gemini's own classes (`query-text-line`, `markdown`) only
// refine; screen-reader labels by `.cdk-visually-hidden`, never by their words. Variants: lib/sites/variants.test.ts.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then, drop what no live page
// matches any more.

/**
 * The thread: every message stands inside it; nothing outside it is read (#24 item 5). A page that names none of
 * these is read from the nearest element holding every `user-query` and `model-response` (parse.ts, #36).
 */
export const THREAD = [
  // both captures (2026-02, 2026-05): the lazily loading scroller. TODO(2027-05): recheck live.
  'infinite-scroller[data-test-id="chat-history-container"]',
  // same element if the test id moves. TODO(2027-05): drop if the test id holds a year.
  '#chat-history infinite-scroller',
  // the scroller's own container (both captures). TODO(2027-05): drop with the entry above.
  '#chat-history',
] as const;

/** Gemini's side navigation (chats, Gems): never the thread, whatever it holds (gemini-answers.html's Gem card). */
export const SIDE_PANEL = [
  // gemini-2026-02-27: `bard-sidenav-content`; `bard-sidenav` in other projects' notes. TODO(2027-05): recheck live.
  'bard-sidenav',
  'bard-sidenav-content',
] as const;

/** One element per exchange: a prompt and its answer (3 in gemini-2026-02-27, 1 in -05-formatting). */
export const TURN = [
  // both captures. TODO(2027-05): recheck live.
  '.conversation-container',
] as const;

/**
 * Each message by the custom element Gemini names it with, in page order: what parse.ts reads (#36). The exchange
 * container above is only a wrapper; a layout that puts a prompt outside it (a held-out page read 3 of 6 turns)
 * or drops it still has these two elements, Angular component names that every Gemini layout since 2024 keeps.
 */
export const MESSAGE = [
  // both captures, and every layout other projects' notes describe (2024-2026). TODO(2027-05): recheck live.
  'user-query, model-response',
] as const;

/** The prompt as typed, one element per line of it (2026-02 and 2026-05 both render `p.query-text-line`). */
export const USER_LINE = [
  // both captures. TODO(2027-05): recheck live.
  'user-query .query-text-line',
] as const;

/** The prompt when it is not split into lines. */
export const USER_TEXT = [
  // both captures wrap the lines in it. TODO(2027-05): drop if the lines hold a year.
  'user-query .query-text',
] as const;

/** The answer's text: the markdown panel of the turn's message content, never a thought's. */
export const ANSWER = [
  // both captures: `message-content#message-content-id-r_<id> > div.markdown`. TODO(2027-05): recheck live.
  'model-response message-content .markdown',
  // if the class moves. TODO(2027-05): drop if `.markdown` holds a year.
  'model-response message-content',
] as const;

/**
 * Thinking ("Show thinking") lives beside the answer: `.thoughts-container` (2026-02 capture, empty there),
 * `thinking-overlay` (2026-05 capture, empty), `model-thoughts` with `[data-test-id="thoughts-content"]` when
 * expanded (other projects' live notes of 2025-2026). Nothing inside it is the answer.
 */
export const THOUGHTS = [
  // TODO(2027-05): capture an expanded thought and check each entry.
  'model-thoughts',
  '.thoughts-container',
  'thinking-overlay',
  '[data-test-id="thoughts-content"]',
] as const;

/** Chrome inside the text that readableText does not know about. */
export const DROP = [
  // sr-only labels "You said", "Gemini said", "あなたのプロンプト", "Gemini の回答" (both captures).
  '.cdk-visually-hidden',
  // citations: `source-footnote > sup[data-turn-source-index]` and `sources-carousel-inline > source-inline-chip`
  // chips after sentences, and the answer's `sources-list` (2026-05 capture, empty there; chips from another
  // project's live notes, 2026). TODO(2027-05): capture a grounded answer.
  'source-footnote',
  'sup[data-turn-source-index]',
  'sources-carousel-inline',
  'source-inline-chip',
  'sources-list',
  // the table's "More options" footer (2026-05 capture).
  '.table-footer',
  ...THOUGHTS,
] as const;

/** Present while an answer is being written. */
export const STREAMING = [
  // the answer's live region is busy while it streams; both captures show the idle "false" state.
  // TODO(2027-05): capture a streaming page to confirm the "true" state.
  'model-response .markdown[aria-busy="true"]',
] as const;

/**
 * Gemini's temporary chat keeps the plain /app URL, so only the page says so: the toggle's inner button carries
 * `temp-chat-on` while it is on (another project's live notes, 2026) and a `.temporary-chat-card` is shown
 * (a userscript's selectors, 2025-12). TODO(2027-05): confirm both on a capture of a temporary chat.
 */
export const TEMPORARY = [
  // the toggle's state (live notes, 2026). TODO(2027-05): confirm on a capture.
  'temp-chat-button .temp-chat-on',
  // the card shown in a temporary chat (a userscript, 2025-12). TODO(2027-05): confirm on a capture.
  '.temporary-chat-card',
] as const;

/**
 * The prompt editor: Quill's `div.ql-editor` inside `rich-textarea` (both captures). Quill also keeps a hidden
 * contenteditable `div.ql-clipboard` beside it, which must never be typed into.
 */
export const COMPOSER = [
  // both captures. TODO(2027-05): recheck live.
  'rich-textarea div.ql-editor[contenteditable="true"]',
  // if the element is renamed. TODO(2027-05): drop if `rich-textarea` holds a year.
  'div.ql-editor[contenteditable="true"][role="textbox"]',
] as const;
