// What the extension asks of a chat tab (lib/messaging/tab.ts): the requests its content script parses before
// acting (#38). Apart from ./messages.ts, which re-exports them, so chat.js bundles these schemas alone and none of
// the sites, records or replies beside them (50 kB each, test/e2e/bundle-size.e2e.ts).
import { z } from 'zod/mini';

/** A message that carries nothing: its sender passes `undefined`. */
export const NoData = z.undefined();

// The longest word of the ten catalogues is under 200 characters (locales/*.json `page`).
const Word = z.string().check(z.maxLength(500));

/** What Engram says on a chat page, in the person's language (#37, lib/inject/words.ts). */
export const PageWords = z.object({
  insert: Word,
  insertCount: Word,
  frameTitle: Word,
  inserted: Word,
  noComposer: Word,
  notAccepted: Word,
  notOnScreen: Word,
  hidden: Word,
  brief: Word,
  nothing: Word,
});
/** Whether Engram is on for the asking page's site (Settings → Sites, #24), and the page's words (#37). */
export const SiteSwitch = z.object({ on: z.boolean(), words: z.optional(PageWords) });

/** The block to type into the composer: from the popup, or from the preview frame through the background. */
export const InsertTextRequest = z.object({ text: z.string().check(z.maxLength(200_000)) });
