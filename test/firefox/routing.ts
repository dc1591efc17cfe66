// Every request Firefox makes is intercepted over WebDriver BiDi (network.addIntercept with no URL pattern):
// fixture pages and the fake sites' JSON are answered with network.provideResponse, everything else fails.
// puppeteer-core's request interception is per page; this one also covers the extension's own pages.
import type { Browser } from 'puppeteer-core';
import { z } from 'zod/mini';
import { siteResponse, type FakeResponse, type FakeSite } from '../e2e/sites';

const BlockedRequest = z.object({
  isBlocked: z.boolean(),
  intercepts: z.optional(z.array(z.string())),
  request: z.object({ request: z.string(), url: z.string() }),
});
const AddedIntercept = z.object({ result: z.object({ intercept: z.string() }) });

/** The raw BiDi connection puppeteer keeps (not in its public types): commands and events by name. */
export interface BidiConnection {
  send(method: string, params: object): Promise<unknown>;
  on(event: string, handler: (params: unknown) => void): void;
}

export function bidi(browser: Browser): BidiConnection {
  const connection: unknown = Reflect.get(browser, 'connection');
  const ok = (c: unknown): c is BidiConnection =>
    typeof c === 'object' && c !== null && 'send' in c && 'on' in c && typeof c.send === 'function';
  if (!ok(connection)) throw new Error('puppeteer no longer exposes its BiDi connection');
  return connection;
}

export interface Router {
  /** URLs that were not routed and so failed. */
  blocked: string[];
  /** Answers one URL (any query) with a page. */
  servePage(url: string, html: string): void;
  serveSite(site: FakeSite): void;
}

/** `passThrough`: origins whose requests go out untouched (a local storage server started by the test). */
export async function routeRequests(
  connection: BidiConnection,
  passThrough: readonly string[] = [],
): Promise<Router> {
  const pages = new Map<string, string>();
  const sites: FakeSite[] = [];
  const blocked: string[] = [];
  const answer = (url: URL): FakeResponse => {
    const html = pages.get(url.origin + url.pathname);
    if (html !== undefined) return { status: 200, contentType: 'text/html; charset=utf-8', body: html };
    return sites.map((site) => siteResponse(site, url, null)).find((res) => res !== null) ?? null;
  };
  const { result } = AddedIntercept.parse(
    await connection.send('network.addIntercept', { phases: ['beforeRequestSent'] }),
  );
  connection.on('network.beforeRequestSent', (params) => {
    const event = BlockedRequest.safeParse(params);
    if (!event.success || !event.data.isBlocked || !event.data.intercepts?.includes(result.intercept)) return;
    const { request, url } = event.data.request;
    if (passThrough.includes(new URL(url).origin)) {
      connection.send('network.continueRequest', { request }).catch(() => undefined);
      return;
    }
    const res = answer(new URL(url));
    if (res === null) blocked.push(url);
    const command =
      res === null || res === 'abort'
        ? connection.send('network.failRequest', { request })
        : connection.send('network.provideResponse', {
            request,
            statusCode: res.status,
            reasonPhrase: res.status === 200 ? 'OK' : 'Error',
            headers: [{ name: 'content-type', value: { type: 'string', value: res.contentType } }],
            body: { type: 'string', value: res.body },
          });
    // A request whose page closed meanwhile can no longer be answered; nothing to do then.
    command.catch(() => undefined);
  });
  return {
    blocked,
    servePage: (url, html) => {
      const u = new URL(url);
      pages.set(u.origin + u.pathname, html);
    },
    serveSite: (site) => void sites.push(site),
  };
}
