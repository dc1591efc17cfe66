// The MAIN-world fetch tap: learns when the site's own reply stream ends, and the conversation id (which a
// Temporary Chat never puts in the URL). It reads response clones only, never changes, delays or replays a
// request, and swallows its own errors so the page never notices it (#3).
import type { Site } from '../model/site';
import type { ReplyFinished } from './tap-protocol';

// ChatGPT 2026: POST /backend-api/f/conversation; before 2025-06: /backend-api/conversation (#3 live notes).
const CHATGPT_REPLY = /^\/backend-api\/(?:f\/)?conversation\/?$/;
// Claude: POST /api/organizations/{org}/chat_conversations/{id}/completion (and retry_completion on regenerate).
const CLAUDE_REPLY = /^\/api\/organizations\/[^/]+\/chat_conversations\/([^/]+)\/(?:retry_)?completion\/?$/;
const CHATGPT_ID = /"conversation_id"\s*:\s*"([\w-]{8,100})"/;

export interface FetchCall {
  method: string;
  url: URL;
}

/** Method and absolute URL of a fetch call, whether it got a Request object or a URL plus init. */
export function describeCall(args: Parameters<typeof fetch>, base: string): FetchCall {
  const [input, init] = args;
  if (input instanceof Request) return { method: input.method.toUpperCase(), url: new URL(input.url) };
  const href = input instanceof URL ? input.href : String(input);
  return { method: (init?.method ?? 'GET').toUpperCase(), url: new URL(href, base) };
}

export function isReplyCall(site: Site, call: FetchCall, origin: string): boolean {
  if (call.method !== 'POST' || call.url.origin !== origin) return false;
  return (site === 'chatgpt' ? CHATGPT_REPLY : CLAUDE_REPLY).test(call.url.pathname);
}

/** The conversation id: Claude names it in the URL; ChatGPT in its event stream (new and temporary chats). */
export function replyConversationId(site: Site, call: FetchCall, streamText: string): string | null {
  if (site === 'claude') return CLAUDE_REPLY.exec(call.url.pathname)?.[1] ?? null;
  return CHATGPT_ID.exec(streamText)?.[1] ?? null;
}

async function watchReply(site: Site, call: FetchCall, clone: Response, post: (m: ReplyFinished) => void) {
  const text = await clone.text(); // resolves when the stream ends
  post({ conversationId: replyConversationId(site, call, text) });
}

/** Wraps `win.fetch`; returns a function that puts the original back. */
export function installTap(win: Window, site: Site, post: (m: ReplyFinished) => void): () => void {
  const original = win.fetch;
  const origin = win.location.origin;
  const tapped = function (this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
    const pending = original.apply(this, args);
    try {
      const call = describeCall(args, win.location.href);
      if (isReplyCall(site, call, origin))
        // Registered before the page's own handlers run, so the body is cloned before anyone reads it.
        pending.then((response) => watchReply(site, call, response.clone(), post)).catch(() => undefined);
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
