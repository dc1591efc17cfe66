// Fake site backends for capture e2e tests: each site's own JSON endpoints and its reply endpoint, answered per
// conversation from a mutable table so a test can make them answer, 404 or abort (#3). ChatGPT and Claude here;
// Gemini, Perplexity, DeepSeek and Le Chat in more-sites.ts (#24).
import type { BrowserContext, Route } from 'playwright-core';
import type { Site } from '../../lib/model/site';
import { fixture } from './harness';

export interface FakeTurn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Parent message id when not simply the previous turn (a regenerated sibling). */
  parent?: string;
}

export interface FakeConversation {
  mode: 'ok' | '404' | 'abort';
  turns: FakeTurn[];
  /** The leaf of the visible branch; the last turn by default. */
  current?: string;
  private?: boolean;
  /** The project-like scope the site's JSON names (a Perplexity Space, a Le Chat project). */
  project?: { id: string; name: string };
  /** The account that wrote the thread where the JSON names one (Perplexity); the signed-in person's by default. */
  author?: string;
  /** One procedure of a batch that fails while the others answer (Le Chat's tRPC batch, #34). */
  failing?: 'message.all';
}

/** What the fake site answers: a JSON or text body, a network failure, or null when it is not the site's URL. */
export type FakeResponse = { status: number; contentType: string; body: string } | 'abort' | null;

export interface FakeSite<S extends Site = Site> {
  site: S;
  origin: string;
  url(id: string): string;
  /** Path of the site's own "send a message" call, which the MAIN-world tap watches. */
  replyPath(id: string): string;
  replyBody(id: string): string;
  /** Whether a path (and query) is the reply call. */
  isReply(url: URL): boolean;
  /** The site's JSON endpoints; `conversation` answers one conversation by id, as the site's JSON. */
  json(url: URL, conversation: (id: string) => FakeResponse): FakeResponse;
  /** A conversation as the site's JSON has it. */
  body(id: string, c: FakeConversation): unknown;
  conversations: Map<string, FakeConversation>;
  /** While set, the reply request is held until it settles: an answer still streaming (#34). */
  replyGate?: Promise<unknown>;
}

export function parents(turns: FakeTurn[]): Map<string, string | null> {
  return new Map(turns.map((t, i) => [t.id, t.parent ?? (i === 0 ? null : (turns[i - 1]?.id ?? null))]));
}

function chatgptJson(id: string, c: FakeConversation): unknown {
  const parent = parents(c.turns);
  const mapping: Record<string, unknown> = {
    root: { id: 'root', message: null, parent: null, children: [] },
  };
  for (const t of c.turns) {
    const message = {
      id: t.id,
      author: { role: t.role },
      recipient: 'all',
      content: { content_type: 'text', parts: [t.text] },
      metadata: {},
    };
    mapping[t.id] = { id: t.id, message, parent: parent.get(t.id) ?? 'root', children: [] };
  }
  const current = c.current ?? c.turns.at(-1)?.id;
  return {
    conversation_id: id,
    title: 'Fake chat',
    current_node: current,
    mapping,
    is_do_not_remember: !!c.private,
  };
}

function claudeJson(id: string, c: FakeConversation): unknown {
  const parent = parents(c.turns);
  const chat_messages = c.turns.map((t) => ({
    uuid: t.id,
    parent_message_uuid: parent.get(t.id) ?? '00000000-0000-4000-8000-000000000000',
    sender: t.role === 'user' ? 'human' : 'assistant',
    content: [{ type: 'text', text: t.text }],
  }));
  const current = c.current ?? c.turns.at(-1)?.id;
  return {
    uuid: id,
    name: 'Fake chat',
    is_temporary: !!c.private,
    current_leaf_message_uuid: current,
    chat_messages,
  };
}

export const json = (body: unknown, status = 200): FakeResponse => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

const last = (url: URL) => url.pathname.split('/').pop() ?? '';

export const chatgpt: FakeSite<'chatgpt'> = {
  site: 'chatgpt',
  origin: 'https://chatgpt.com',
  url: (id) => `https://chatgpt.com/c/${id}`,
  replyPath: () => '/backend-api/f/conversation',
  replyBody: (id) => `data: {"conversation_id":"${id}","message":{"id":"x"}}\n\ndata: [DONE]\n\n`,
  isReply: (url) => url.pathname === '/backend-api/f/conversation',
  // The session lookup, the conversation JSON (and the paginated form tried when that fails), saved memories.
  json: (url, conversation) => {
    if (url.pathname === '/backend-api/memories')
      return json({
        memories: [{ id: 'mem-1', content: 'Keeps bees.', updated_at: '2026-10-01T10:00:00Z' }],
      });
    if (url.pathname === '/api/auth/session') return json({ accessToken: 'test-token' });
    if (/^\/backend-api\/conversations?\/[\w-]+$/.test(url.pathname)) return conversation(last(url));
    return null;
  },
  body: chatgptJson,
  conversations: new Map(),
};

export const claude: FakeSite<'claude'> = {
  site: 'claude',
  origin: 'https://claude.ai',
  url: (id) => `https://claude.ai/chat/${id}`,
  replyPath: (id) => `/api/organizations/org-1/chat_conversations/${id}/completion`,
  replyBody: () => 'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  isReply: (url) => /\/completion$/.test(url.pathname),
  json: (url, conversation) => {
    if (url.pathname === '/api/organizations/org-1/memory') return json({ memory: '- Grows tomatoes.' });
    if (url.pathname === '/api/organizations') return json([{ uuid: 'org-1', capabilities: ['chat'] }]);
    if (/\/api\/organizations\/org-1\/chat_conversations\/[\w-]+$/.test(url.pathname) && url.search)
      return conversation(last(url));
    return null;
  },
  body: claudeJson,
  conversations: new Map(),
};

function conversation(site: FakeSite, id: string): FakeResponse {
  const c = site.conversations.get(id);
  if (!c || c.mode === '404') return json({ detail: 'Not found' }, 404);
  if (c.mode === 'abort') return 'abort';
  return json(site.body(id, c));
}

/** The fake site's answer to a request; the reply endpoint's id comes from its path or its JSON body. */
export function siteResponse(site: FakeSite, url: URL, postData: string | null): FakeResponse {
  if (url.origin !== site.origin) return null;
  if (site.isReply(url)) {
    let fromBody: string | undefined;
    try {
      fromBody = (JSON.parse(postData || '{}') as { conversation_id?: string }).conversation_id;
    } catch {
      fromBody = undefined; // a form body (Gemini's f.req)
    }
    const id = /chat_conversations\/([\w-]+)\//.exec(url.pathname)?.[1] ?? fromBody ?? 'unknown';
    return { status: 200, contentType: 'text/event-stream', body: site.replyBody(id) };
  }
  return site.json(url, (id) => conversation(site, id));
}

/** Routes the site's JSON API and reply endpoint. Later routes win over the harness's catch-all abort. */
export async function serveSite(context: BrowserContext, site: FakeSite): Promise<void> {
  await context.route(
    (u) => u.origin === site.origin,
    async (route: Route) => {
      const url = new URL(route.request().url());
      if (site.replyGate && site.isReply(url)) await site.replyGate;
      const res = siteResponse(site, url, route.request().postData());
      if (res === null) return route.fallback();
      if (res === 'abort') return route.abort('failed');
      return route.fulfill(res);
    },
  );
}

/** A saved Claude chat page whose first prompt is `userText`: with no JSON routed, it is captured from the page. */
export function claudePageWith(userText: string): string {
  return fixture('pages/claude-older.html').replace('Show me the last five commits.', userText);
}
