// The isolated side of the tap: anything on the window may post, so the message is validated and used only as a
// trigger to re-read the site's JSON (#3).
import { z } from 'zod/mini';
import { tapMessenger } from './tap-protocol';

const ReplyFinished = z.object({
  conversationId: z.nullable(z.string().check(z.regex(/^[\w-]{8,100}$/))),
});

export function listenForReplies(
  onReply: (conversationId: string | null) => void,
  signal: AbortSignal,
): void {
  const remove = tapMessenger.onMessage('replyFinished', (message) => {
    const parsed = ReplyFinished.safeParse(message.data);
    if (parsed.success) onReply(parsed.data.conversationId);
  });
  signal.addEventListener('abort', remove, { once: true });
}
