// Perplexity selectors, each list ordered newest layout first. Evidence:
// - real captures ../shared/fixtures/pages/perplexity-2026-02-27.html (3 queries + 3 answers, Japanese, LaTeX,
//   a citation pill, an A/B "Help improve our product" banner, the Lexical composer) and
//   perplexity-2026-05-formatting.html (1 + 1: code, table with a hidden sticky twin, math);
// - the hand-made test/fixtures/pages/perplexity-answers.html (one failure class per turn);
// - live notes of another project (2026-10-03) for the stop button.
// What a reader relies on, and why (2026-12, #36): the answer tab panels (`role="tabpanel"`, any mode that holds an
// answer), answers by id (`#markdown-content-N`), the first query as its panel's `h1`; the thread column and a
// follow-up query are named only by utilities (`max-w-threadContentWidth`, `group/query`), so without them the
// thread is the element holding every panel and an unnamed query is reported, never guessed from the panel's text.
// Tailwind classes change often; ids, test ids, roles and the `group/query` name are what these lean on.
// Exact counts per fixture are asserted in parse.test.ts. "TODO(date)" = look again by then.

/**
 * The thread column: every query and answer stands inside it (#24 item 5). A page without it (the 2025 layout, a
 * build that renames its utilities) is read from the nearest element holding every answer panel (parse.ts, #36).
 */
export const THREAD = [
  // both captures: the column the thread is laid out in. TODO(2027-05): recheck live.
  '[class~="max-w-threadContentWidth"]',
] as const;

/**
 * One element per query and its answer: the answer-mode tab panel "default" (Answer), which holds both; the
 * other modes' panels (Sources, Images, …) are hidden siblings (3 in -02-27, 1 in -05-formatting).
 */
export const TURN = [
  // both captures. TODO(2027-05): recheck live.
  '[role="tabpanel"][id$="-content-default"]',
  // any mode's panel that holds an answer: a research thread's answers stand in its `-content-research` tab, which
  // the entry above missed entirely (the 2026 Russian research thread, #36; hand-made
  // perplexity-2026-research-ru). TODO(2027-05): capture a research thread.
  '[role="tabpanel"]:has([id^="markdown-content-"])',
] as const;

/** The query as typed (`h1` for the first, `div` after it, both `group/query`). */
export const USER_TEXT = [
  // both captures. TODO(2027-05): recheck live.
  '[class~="group/query"]',
  // The first query as the panel's heading, where no class names it (layouts of 2025 in other projects' notes:
  // each entry's query an `h1`; a build without `group/query`). TODO(2027-05): drop if the class holds a year.
  'h1',
] as const;

/** The answer: `#markdown-content-<entry index>`, numbered from 0 in both captures. */
export const ANSWER = [
  // both captures. TODO(2027-05): recheck live.
  '[id^="markdown-content-"]',
] as const;
export const ANSWER_INDEX = /^markdown-content-(\d+)$/;

/** Chrome inside answer text that readableText does not know about. */
export const DROP = [
  // Citation pills ("perplexity" after "はい。", -02-27 turn 1): `span.citation[data-pplx-citation]` and the
  // non-breaking space before them. TODO(2027-05): recheck live.
  '[data-pplx-citation]',
  '.citation',
  '.citation-nbsp',
] as const;

/**
 * Present while an answer is being written: "Stop response (Esc)" (another project's live probe, 2026-10-03; no
 * capture holds it, and the label is localized, so only English pages are covered). The site JSON path does not
 * depend on it. TODO(2027-05): find a mark that is not text.
 */
export const STREAMING = [
  // TODO(2027-05): capture a streaming page; replace with a mark that is not localized text.
  'button[aria-label^="Stop response"]',
] as const;

/** The prompt editor. */
export const COMPOSER = [
  // -02-27: Lexical `div#ask-input[contenteditable][data-lexical-editor]`. TODO(2027-05): recheck live.
  'div#ask-input[contenteditable="true"]',
  // any Lexical editor if the id moves. TODO(2027-05): drop if the id holds a year.
  'div[contenteditable="true"][data-lexical-editor="true"]',
  // Perplexity's textarea composer before Lexical (2024-2025). TODO(2027-01): drop once no page renders it.
  'textarea#ask-input',
  // the same textarea without its id (a held-out 2025 page found no composer at all, #36). TODO(2027-01): drop.
  'form textarea:not([readonly])',
] as const;
