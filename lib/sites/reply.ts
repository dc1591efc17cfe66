// When a site's own reply has finished, as data each site's folder declares and the MAIN-world tap can match
// (#24: the patterns were hard-coded in lib/capture/tap.ts for ChatGPT and Claude). Kept free of imports and
// zod: the tap is bundled into the page's own world, which must stay tiny (docs/architecture.md: the page world only taps).

export interface ReplyPattern {
  /**
   * How the site's page sends the reply request: the tap wraps `fetch`, and XMLHttpRequest for Gemini and DeepSeek
   * (live notes of another project, 2026-10). `page`: over a transport the tap does not wrap (Copilot's WebSocket,
   * #36), so the reply's end is the page's streaming mark falling (SiteAdapter.isStreaming) and nothing is tapped.
   */
  transport: 'fetch' | 'xhr' | 'page';
  /** POST pathname of a reply, plus the search string where the site names its call there. */
  path: RegExp;
  /** Match `path` against pathname + search (Google's batchexecute names the rpc in the query). */
  withQuery?: boolean;
  /**
   * Where the conversation id is: capture group 1 of `path`, group 1 of a pattern over the finished reply's
   * text, or only the page URL (null), which the content script reads itself.
   */
  id: 'path' | RegExp | null;
  /** A request body that says the chat is not to be remembered (Perplexity's `is_incognito`, #24). */
  privateBody?: RegExp;
}

/**
 * All the MAIN-world tap knows of a site: where its pages are and the request its reply finishes with. Each site
 * folder's reply.ts exports one as `replySite`; the tap finds them there (lib/capture/tap-sites.ts), so the page's
 * world, which runs beside the site's own code on every load, never carries the rest of a site's registry entry.
 */
export interface ReplySite {
  /** Exact hosts, never patterns (lib/model/site-hosts.ts). */
  hosts: readonly string[];
  reply: ReplyPattern;
}

export interface ReplyCall {
  method: string;
  url: URL;
}

function target(pattern: ReplyPattern, url: URL): string {
  return pattern.withQuery ? url.pathname + url.search : url.pathname;
}

/** True for a same-origin POST that the site makes for a reply. */
export function isReply(pattern: ReplyPattern, call: ReplyCall, origin: string): boolean {
  return call.method === 'POST' && call.url.origin === origin && pattern.path.test(target(pattern, call.url));
}

/** The conversation id of a finished reply, where the call or its text names one. */
export function replyId(pattern: ReplyPattern, call: ReplyCall, replyText: string): string | null {
  if (pattern.id === null) return null;
  if (pattern.id === 'path') return pattern.path.exec(target(pattern, call.url))?.[1] ?? null;
  return pattern.id.exec(replyText)?.[1] ?? null;
}

/** True when the request body asks the site not to remember the chat. */
export function isPrivateRequest(pattern: ReplyPattern, body: string): boolean {
  return pattern.privateBody?.test(body) ?? false;
}
