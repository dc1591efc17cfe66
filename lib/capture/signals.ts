// The isolated side of the tap. Anything can post to a window: other frames, an opener, the page. A message
// counts only when this same window posted it for its own origin (#11: `event.source`/origin checks); its
// shape is validated, and it is used only as a trigger to re-read the site's JSON (#3), or to leave a chat the
// request asked the site not to remember (#24, #34): the page could only make Engram keep less of its own site. A page that
// floods the channel gets at most one re-read per MIN_GAP_MS (the capture controller also coalesces).
import { z } from 'zod/mini';
import { askReplay, TAP_TYPE } from './tap-protocol';

// zod/mini checks the message's shape; its values are checked by hand below, because z.literal and z.regex would
// add 1.3 kB to every chat page's script, which has 50 kB in all (#34, test/e2e/bundle-size.e2e.ts).
const ReplyFinished = z.object({
  type: z.string(),
  conversationId: z.nullable(z.string()),
  private: z.optional(z.boolean()),
  stage: z.optional(z.string()),
});
const ID = /^[\w.-]{8,200}$/;

/** The tap's message, or null for anything else a window could be sent. */
export function replyOf(
  data: unknown,
): { id: string | null; private: boolean; stage?: 'sent' | 'named' } | null {
  const parsed = ReplyFinished.safeParse(data);
  if (!parsed.success || parsed.data.type !== TAP_TYPE) return null;
  const { conversationId: id, stage } = parsed.data;
  if (id !== null && !ID.test(id)) return null;
  if (stage !== undefined && stage !== 'sent' && stage !== 'named') return null;
  return { id, private: parsed.data.private === true, stage };
}

/** A real reply takes seconds to stream; two "finished" signals within a second are one. */
export const MIN_GAP_MS = 1000;

export type PrivateStage = 'sent' | 'named' | 'done';

export interface ReplySignals {
  /** A reply finished: re-read the chat (at most once per MIN_GAP_MS). */
  onReply: (conversationId: string | null) => void;
  /** A request asked the site not to remember the chat: told at once, at each stage, never held back (#34). */
  onPrivate: (conversationId: string | null, stage: PrivateStage) => void;
}

export function listenForReplies(signals: ReplySignals, signal: AbortSignal, win: Window = window): void {
  let last = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const fire = (id: string | null) => {
    last = Date.now();
    signals.onReply(id);
  };
  const onMessage = (e: MessageEvent) => {
    if (e.source !== win || e.origin !== win.location.origin) return;
    const reply = replyOf(e.data);
    if (!reply) return;
    const { id, stage } = reply;
    if (reply.private) signals.onPrivate(id, stage ?? 'done');
    if (stage) return;
    clearTimeout(trailing);
    const wait = last + MIN_GAP_MS - Date.now();
    if (wait <= 0) fire(id);
    else trailing = setTimeout(() => fire(id), wait);
  };
  win.addEventListener('message', onMessage, { signal });
  signal.addEventListener('abort', () => clearTimeout(trailing), { once: true });
  // What the tap heard while this script was not yet listening (it starts at document_idle, the tap at
  // document_start): a chat asked for privately as the page loaded (tap-protocol.ts keptPrivate).
  askReplay(win);
}
