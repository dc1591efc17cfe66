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

/** The isolated side's ask, once it listens, for every "not to be remembered" hint posted before it did. */
export const TAP_REPLAY = 'engram:fetch-tap:replay';

/** Hints kept for a late listener: a page that asks for more private chats than this before it loads is absurd. */
const KEPT = 32;

/**
 * The tap's post, keeping every hint that a request asked the site not to remember a chat, and posting them again
 * when this window asks (TAP_REPLAY). The isolated content script starts at document_idle, the tap at
 * document_start: a temporary chat asked for while the page loads was posted to no one, and its chat, whose JSON
 * need not say it is private, was then read (sites-round-two.e2e, "asked for privately from the home page", failed
 * once in CI when the test's request beat the content script). Anyone in the window can ask: it learns only what
 * the page itself sent.
 */
export function keptPrivate(
  win: Window,
  post: (message: ReplyFinished) => void,
): (message: ReplyFinished) => void {
  const kept: ReplyFinished[] = [];
  win.addEventListener('message', (e: MessageEvent) => {
    const data: unknown = e.data;
    if (e.source !== win || typeof data !== 'object' || data === null) return;
    if ((data as { type?: unknown }).type === TAP_REPLAY) for (const message of kept) post(message);
  });
  return (message) => {
    if (message.private) {
      kept.push(message);
      if (kept.length > KEPT) kept.shift();
    }
    post(message);
  };
}

/** Asks the tap for the hints it posted before this side listened. */
export function askReplay(win: Window): void {
  win.postMessage({ type: TAP_REPLAY }, win.location.origin);
}
