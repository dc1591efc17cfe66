// The one message the MAIN-world tap sends to the isolated content script (#3). Kept free of zod and of any
// messaging library: this file is bundled into the page's own world, which must stay tiny (docs/architecture.md: the page world only taps).
// The page itself can post the same message (it shares the window), so the message is only a hint to re-read
// the site's own JSON; the checks in signals.ts keep out every *other* window (#11).

export interface ReplyFinished {
  conversationId: string | null;
}

export const TAP_TYPE = 'engram:fetch-tap:reply-finished';

/** Posts to this window only, for this origin only: a frame or an opener of another origin never sees it. */
export function postReplyFinished(win: Window, message: ReplyFinished): void {
  win.postMessage({ type: TAP_TYPE, conversationId: message.conversationId }, win.location.origin);
}
