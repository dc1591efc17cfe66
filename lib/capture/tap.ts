// The MAIN-world tap: learns when the site's own reply has finished, the conversation id (which a new or
// temporary chat does not yet put in the URL) and whether the request asked the site not to remember the chat.
// It wraps the one transport the site's folder names for its replies (lib/sites/<site>/reply.ts): fetch here,
// XMLHttpRequest in xhr-tap.ts. It reads copies only (a response clone, a request body string), never changes,
// delays or replays a request, and swallows its own errors so the page never notices it (#3, #24).
import { isPrivateRequest, isReply, replyId, type ReplyCall, type ReplyPattern } from '../sites/reply';
import type { ReplyFinished } from './tap-protocol';
import { installXhrTap, type XhrWindow } from './xhr-tap';

export type Post = (message: ReplyFinished) => void;

/** What the tap uses of the page's window. */
export interface TapWindow extends XhrWindow {
  fetch: typeof fetch;
}

/** Method and absolute URL of a fetch call, whether it got a Request object or a URL plus init. */
export function describeCall(args: Parameters<typeof fetch>, base: string): ReplyCall {
  const [input, init] = args;
  if (input instanceof Request) return { method: input.method.toUpperCase(), url: new URL(input.url) };
  const href = input instanceof URL ? input.href : String(input);
  return { method: (init?.method ?? 'GET').toUpperCase(), url: new URL(href, base) };
}

/**
 * The stream's text up to its end, or up to where it broke off: Perplexity aborts its own request once the reply
 * is over (lib/sites/perplexity/reply.ts), and what arrived by then still names the conversation.
 */
export async function textUntilEnd(response: Response, onText?: (text: string) => void): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      onText?.(text);
    }
  } catch {
    // Aborted or failed: the reply ended all the same.
  }
  return text;
}

/** A string body only: other bodies (forms, streams) are never read, so a stream is never drained. */
function bodyText(args: Parameters<typeof fetch>): string {
  const body = args[1]?.body;
  return typeof body === 'string' ? body : '';
}

/**
 * A request that asked not to be remembered is posted as it leaves, and again as soon as its stream names the
 * chat (#34): the page may show the new chat's address long before the answer ends. Returns the stream watcher.
 */
export function whenNamed(pattern: ReplyPattern, call: ReplyCall, post: Post): (text: string) => void {
  post({ conversationId: replyId(pattern, call, ''), private: true, stage: 'sent' });
  let named = false;
  return (text) => {
    const id = named ? null : replyId(pattern, call, text);
    if (!id) return;
    named = true;
    post({ conversationId: id, private: true, stage: 'named' });
  };
}

function installFetchTap(win: TapWindow, pattern: ReplyPattern, post: Post): () => void {
  const original = win.fetch;
  const origin = win.location.origin;
  const tapped = function (this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
    const pending = original.apply(this, args);
    try {
      const call = describeCall(args, win.location.href);
      if (isReply(pattern, call, origin)) {
        const asked = isPrivateRequest(pattern, bodyText(args));
        const named = asked ? whenNamed(pattern, call, post) : undefined;
        // Registered before the page's own handlers run, so the body is cloned before anyone reads it.
        pending
          .then((response) => textUntilEnd(response.clone(), named))
          .then((text) => post({ conversationId: replyId(pattern, call, text), private: asked }))
          .catch(() => undefined);
      }
    } catch {
      // The tap must never break the page's fetch.
    }
    return pending;
  };
  win.fetch = tapped as typeof fetch;
  return () => {
    if (win.fetch === tapped) win.fetch = original;
  };
}

/** Wraps the transport the site replies over; returns a function that puts the original back. */
export function installTap(win: TapWindow, pattern: ReplyPattern, post: Post): () => void {
  if (pattern.transport === 'page') return () => undefined;
  return pattern.transport === 'xhr'
    ? installXhrTap(win, pattern, post)
    : installFetchTap(win, pattern, post);
}
