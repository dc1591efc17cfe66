// The one message the MAIN-world tap sends to the isolated content script (#3). Kept free of zod and of any
// messaging library: this file is bundled into the page's own world, which must stay tiny (docs/architecture.md: the page world only taps).
// The page itself can post the same message (it shares the window), so the message is only a hint to re-read
// the site's own JSON, or to leave a chat alone; the checks in signals.ts keep out every *other* window (#11).

export interface ReplyFinished {
  conversationId: string | null;
  /** The request asked the site not to remember the chat (Perplexity's `is_incognito`, #24). */
  private?: boolean;
  /**
   * Absent once the reply is over. A request that asks not to be remembered is also posted the moment it is sent
   * (`sent`) and again when its stream first names the chat (`named`), so nothing read before its answer ends is
   * captured: a new thread's address changes while its answer streams (#34).
   */
  stage?: 'sent' | 'named';
}

export const TAP_TYPE = 'engram:fetch-tap:reply-finished';

/** Posts to this window only, for this origin only: a frame or an opener of another origin never sees it. */
export function postReplyFinished(win: Window, message: ReplyFinished): void {
  const { conversationId, stage } = message;
  win.postMessage({ type: TAP_TYPE, conversationId, private: !!message.private, stage }, win.location.origin);
}
