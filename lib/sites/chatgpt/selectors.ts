// ChatGPT selectors, each list ordered newest layout first. Evidence:
// - current layout: measured live 2026-09 (no capture), reduced by hand into test/fixtures/pages/chatgpt-current.html;
// - older layout: real capture ../shared/fixtures/pages/chatgpt-2026-01-29.html (article turns) and the hand-made
//   test/fixtures/pages/chatgpt-older.html.
// What a reader relies on, and why (2026-12, #36): the author marks ChatGPT puts on each message
// (`data-message-author-role`, the user bubble's `data-user-message-bubble`, the answer's
// `data-markdown-text-style`), its turn containers (`data-turn-key`, `data-testid="conversation-turn-N"`) and
// message ids; never a layout utility (a prompt read as typed does not need `whitespace-pre-wrap` to name it). The
// variant suite (lib/sites/variants.test.ts) reads every page again with its utilities renamed and stripped.
// Exact counts per fixture are asserted in parse.test.ts.
// "TODO(date)" = look again by then: drop the older entries once live pages no longer match them.

/** Element to observe for new turns; parse.ts falls back to the first turn's parent. */
export const THREAD = [
  // current layout (2026-09): column-reverse scroller, DOM order still chronological.
  // TODO(2027-03): replace the hand-made fixture with a real capture.
  '[data-app-action-timeline-scroll]',
  // older layout (chatgpt-2026-01-29). TODO(2027-03): drop once no live page renders #thread.
  '#thread',
] as const;

/** A thread that mounts only a window of turns; captures from it accumulate instead of replacing the branch. */
export const WINDOWED = [
  // current layout (2026-09): 3–6 turns mounted at a time. TODO(2027-03): recheck on a capture.
  '[data-app-action-timeline-scroll]',
] as const;

/**
 * One entry per prompt of the whole branch, mounted or not, in the prompt rail beside a long thread; more entries
 * than mounted prompts means a partial page (#14). Hand-made test/fixtures/pages/chatgpt-partial.html.
 */
export const PROMPT_RAIL_ENTRY = [
  // 2026 layouts: buttons carrying data-toc-active (another project's live notes of ChatGPT's prompt navigation;
  // no capture). TODO(2027-03): confirm on a capture.
  'button[data-toc-active]',
] as const;

/** Content that makes a turn container mounted even without text (an image-generation turn). */
export const MEDIA = 'img, picture, video, canvas';

/** One element per turn. */
export const TURN = [
  // current layout (2026-09): one element holds a user prompt AND its answer. TODO(2027-03): recheck on a capture.
  'div[data-turn-key]',
  // 2026-03 layout: section turns, otherwise like the article ones (other projects' live notes; no capture).
  // TODO(2027-03): drop with the article entry.
  'section[data-testid^="conversation-turn-"]',
  // older layout (chatgpt-2026-01-29). TODO(2027-03): drop once no live page renders article turns.
  'article[data-testid^="conversation-turn-"]',
] as const;

/** Text the user typed; the first match in a turn. */
export const USER_TEXT = [
  // current layout (2026-09). TODO(2027-03): recheck on a capture.
  '[data-user-message-bubble] .whitespace-pre-wrap',
  // older layout (chatgpt-2026-01-29): the role attribute keeps answers out. TODO(2027-03): drop with the articles.
  '[data-message-author-role="user"] .whitespace-pre-wrap',
  // The same prompts by their author marks alone, for a build that renames or drops the pre-wrap utility (#36
  // variant suite): the bubble (current layout) and the user message (older layout), read as typed.
  // TODO(2027-03): drop the class-based entries above if these hold on a capture.
  '[data-user-message-bubble]',
  '[data-message-author-role="user"]',
] as const;

/** Answer fragments; all matches in a turn, joined. Prose around "Thought for …" buttons and research reports. */
export const ASSISTANT_TEXT = [
  // current layout (2026-09): the sr-only "ChatGPT said:" h4 sits beside it, outside.
  // TODO(2027-03): recheck multi-block and "Thought for …" answers on a capture (none were measured).
  'div[data-markdown-text-style="assistant-message"]',
  // older layout (chatgpt-2026-01-29, incl. `.deep-research-result`); tool messages have another role and stay
  // out. TODO(2027-03): drop with the article turns.
  '[data-message-author-role="assistant"] .markdown',
] as const;

/** A/B answers, two variants side by side; only the first is read (parse.ts). */
export const ANSWER_VARIANT = [
  // current layout (2026-09, no capture). TODO(2027-03): confirm on a capture which variant the page keeps.
  'li[data-message-role="assistant"]',
] as const;

/** Chrome inside answers that readableText does not know about. */
export const DROP = [
  // Source pills ("help.openai.com") after sentences, chatgpt-2026-01-29 turn 9. TODO(2027-03): recheck live.
  '[data-testid="webpage-citation-pill"]',
] as const;

/** Present while an answer is being written. */
export const STREAMING = [
  // both layouts, from live use; no capture holds it (chatgpt-2026-01-29 was idle). TODO(2027-03): capture one.
  'button[data-testid="stop-button"]',
] as const;

/** The visible prompt editor. The hidden `textarea[name="prompt-textarea"]` is a no-JS fallback: never it. */
export const COMPOSER = [
  // both layouts: ProseMirror div (chatgpt-2026-01-29 ends with it). TODO(2027-03): recheck live.
  'div#prompt-textarea[contenteditable="true"]',
  // any ProseMirror editor, in case the id moves. TODO(2027-06): drop if the id has held a year.
  'div.ProseMirror[contenteditable="true"]',
  // last resort on a redesigned page. TODO(2027-06): drop with the entry above.
  'div[contenteditable="true"]',
] as const;
