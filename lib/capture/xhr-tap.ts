// The tap's XMLHttpRequest seam: Gemini and DeepSeek stream their replies over XHR, not fetch (#24,
// lib/sites/gemini/reply.ts, lib/sites/deepseek/reply.ts). `open` and `send` are wrapped on the prototype, before
// the site's own scripts run, only to note the call and listen for its end: the request goes out with the same
// arguments at the same moment, and its end is heard through a `loadend` listener, which reads the finished
// `responseText` (a copy) and changes nothing the page sees. Errors of the tap's own are swallowed.
import { isPrivateRequest, isReply, replyId, type ReplyCall, type ReplyPattern } from '../sites/reply';
import type { ReplyFinished } from './tap-protocol';

export interface XhrWindow {
  XMLHttpRequest: typeof XMLHttpRequest;
  location: Pick<Location, 'origin' | 'href'>;
}

type Post = (message: ReplyFinished) => void;

/** Text-typed responses only: reading `responseText` of another type throws, and is never needed. */
function responseText(xhr: XMLHttpRequest): string {
  return xhr.responseType === '' || xhr.responseType === 'text' ? xhr.responseText : '';
}

/** Hears the end of one reply request (loaded, failed or aborted: the reply is over either way). */
function listen(
  xhr: XMLHttpRequest,
  pattern: ReplyPattern,
  call: ReplyCall,
  body: unknown,
  post: Post,
): void {
  const asked = typeof body === 'string' && isPrivateRequest(pattern, body);
  // Posted as it leaves (#34), so nothing is read until it ends (no site that replies over XHR marks one today).
  if (asked) post({ conversationId: replyId(pattern, call, ''), private: true, stage: 'sent' });
  const done = () => {
    try {
      post({ conversationId: replyId(pattern, call, responseText(xhr)), private: asked });
    } catch {
      // Never the page's problem.
    }
  };
  xhr.addEventListener('loadend', done, { once: true });
}

export function installXhrTap(win: XhrWindow, pattern: ReplyPattern, post: Post): () => void {
  const proto = win.XMLHttpRequest.prototype;
  const { open, send } = proto;
  const calls = new WeakMap<XMLHttpRequest, ReplyCall>();
  const tappedOpen = function (this: XMLHttpRequest, ...args: unknown[]): unknown {
    try {
      calls.set(this, {
        method: String(args[0]).toUpperCase(),
        url: new URL(String(args[1]), win.location.href),
      });
    } catch {
      calls.delete(this);
    }
    return Reflect.apply(open, this, args);
  };
  const tappedSend = function (this: XMLHttpRequest, ...args: unknown[]): unknown {
    try {
      const call = calls.get(this);
      if (call && isReply(pattern, call, win.location.origin)) listen(this, pattern, call, args[0], post);
    } catch {
      // The tap must never break the page's request.
    }
    return Reflect.apply(send, this, args);
  };
  proto.open = tappedOpen as typeof proto.open;
  proto.send = tappedSend as typeof proto.send;
  return () => {
    if (proto.open === tappedOpen) proto.open = open;
    if (proto.send === tappedSend) proto.send = send;
  };
}
