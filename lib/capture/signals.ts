// The isolated side of the tap. Anything can post to a window: other frames, an opener, the page. A message
// counts only when this same window posted it for its own origin (#11: `event.source`/origin checks); its
// shape is validated, and it is used only as a trigger to re-read the site's JSON (#3), or to leave a chat the
// request asked the site not to remember (#24): the page could only stop its own capture with it. A page that
// floods the channel gets at most one re-read per MIN_GAP_MS (the capture controller also coalesces).
import { z } from 'zod/mini';
import { TAP_TYPE } from './tap-protocol';

const ReplyFinished = z.object({
  type: z.literal(TAP_TYPE),
  conversationId: z.nullable(z.string().check(z.regex(/^[\w.-]{8,200}$/))),
  private: z.optional(z.boolean()),
});

/** A real reply takes seconds to stream; two "finished" signals within a second are one. */
export const MIN_GAP_MS = 1000;

export function listenForReplies(
  onReply: (conversationId: string | null, asked: boolean) => void,
  signal: AbortSignal,
  win: Window = window,
): void {
  let last = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  // A do-not-remember request seen in a coalesced burst is kept for the one call the burst makes.
  let asked = false;
  const fire = (id: string | null) => {
    last = Date.now();
    onReply(id, asked);
    asked = false;
  };
  const onMessage = (e: MessageEvent) => {
    if (e.source !== win || e.origin !== win.location.origin) return;
    const parsed = ReplyFinished.safeParse(e.data);
    if (!parsed.success) return;
    const id = parsed.data.conversationId;
    asked ||= parsed.data.private === true;
    clearTimeout(trailing);
    const wait = last + MIN_GAP_MS - Date.now();
    if (wait <= 0) fire(id);
    else trailing = setTimeout(() => fire(id), wait);
  };
  win.addEventListener('message', onMessage, { signal });
  signal.addEventListener('abort', () => clearTimeout(trailing), { once: true });
}
