// Fake site backends for capture e2e tests: each site's own JSON endpoints and its reply endpoint, answered per
// conversation from a mutable table so a test can make them answer, 404 or abort (#3).
import type { BrowserContext, Route } from 'playwright-core';

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
}

export interface FakeSite {
  site: 'chatgpt' | 'claude';
  origin: string;
  url(id: string): string;
  /** Path of the site's own "send a message" call, which the MAIN-world tap watches. */
  replyPath(id: string): string;
  replyBody(id: string): string;
  conversations: Map<string, FakeConversation>;
}

function parents(turns: FakeTurn[]): Map<string, string | null> {
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

export const chatgpt: FakeSite = {
  site: 'chatgpt',
  origin: 'https://chatgpt.com',
  url: (id) => `https://chatgpt.com/c/${id}`,
  replyPath: () => '/backend-api/f/conversation',
  replyBody: (id) => `data: {"conversation_id":"${id}","message":{"id":"x"}}\n\ndata: [DONE]\n\n`,
  conversations: new Map(),
};

export const claude: FakeSite = {
  site: 'claude',
  origin: 'https://claude.ai',
  url: (id) => `https://claude.ai/chat/${id}`,
  replyPath: (id) => `/api/organizations/org-1/chat_conversations/${id}/completion`,
  replyBody: () => 'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  conversations: new Map(),
};

async function answer(route: Route, site: FakeSite, id: string): Promise<void> {
  const c = site.conversations.get(id);
  if (!c || c.mode === '404') return route.fulfill({ status: 404, json: { detail: 'Not found' } });
  if (c.mode === 'abort') return route.abort('failed');
  const json = site.site === 'chatgpt' ? chatgptJson(id, c) : claudeJson(id, c);
  return route.fulfill({ status: 200, json });
}

/** Routes the site's JSON API and reply endpoint. Later routes win over the harness's catch-all abort. */
export async function serveSite(context: BrowserContext, site: FakeSite): Promise<void> {
  const origin = site.origin;
  if (site.site === 'chatgpt') {
    await context.route(`${origin}/backend-api/memories?include_memory_entries=true`, (r) =>
      r.fulfill({
        json: { memories: [{ id: 'mem-1', content: 'Keeps bees.', updated_at: '2026-10-01T10:00:00Z' }] },
      }),
    );
    await context.route(`${origin}/api/auth/session`, (r) =>
      r.fulfill({ json: { accessToken: 'test-token' } }),
    );
    await context.route(/^https:\/\/chatgpt\.com\/backend-api\/conversation\/([\w-]+)$/, (r) =>
      answer(r, site, new URL(r.request().url()).pathname.split('/').pop() ?? ''),
    );
  } else {
    await context.route(`${origin}/api/organizations/org-1/memory`, (r) =>
      r.fulfill({ json: { memory: '- Grows tomatoes.' } }),
    );
    await context.route(`${origin}/api/organizations`, (r) =>
      r.fulfill({ json: [{ uuid: 'org-1', capabilities: ['chat'] }] }),
    );
    await context.route(/\/api\/organizations\/org-1\/chat_conversations\/[\w-]+\?/, (r) =>
      answer(r, site, new URL(r.request().url()).pathname.split('/').pop() ?? ''),
    );
  }
  await context.route(
    (u) => u.origin === origin && /\/(f\/conversation|completion)$/.test(u.pathname),
    (r) => {
      const fromBody = (JSON.parse(r.request().postData() ?? '{}') as { conversation_id?: string })
        .conversation_id;
      const id = /chat_conversations\/([\w-]+)\//.exec(r.request().url())?.[1] ?? fromBody ?? 'unknown';
      return r.fulfill({ status: 200, contentType: 'text/event-stream', body: site.replyBody(id) });
    },
  );
}
