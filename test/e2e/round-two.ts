// Fake backends for Grok, Copilot, AI Studio, Qwen Chat, Kimi and Meta AI (#36), as more-sites.ts has them for the
// sites of #24: each site's own JSON where Engram reads it (Grok's chat, response tree and load-responses; Copilot's
// history; Qwen's chat), answered per conversation from a mutable table, and its reply request where the tap hears
// one. AI Studio, Kimi and Meta AI are read from the page only: no JSON route.
import { json, parents, type FakeConversation, type FakeResponse, type FakeSite } from './sites';

const at = (i: number) => new Date(Date.UTC(2026, 9, 1, 10, i)).toISOString();

/** Grok answers a chat in three calls; `part` says which one the URL asks for. */
function grokJson(id: string, c: FakeConversation, part: string): unknown {
  const parent = parents(c.turns);
  const sender = (role: string) => (role === 'user' ? 'human' : 'ASSISTANT');
  if (part === 'chat') {
    const workspaces = c.project ? [{ workspaceId: c.project.id, name: c.project.name }] : [];
    return { conversation: { conversationId: id, title: 'Fake chat', temporary: !!c.private, workspaces } };
  }
  if (part === 'nodes')
    return {
      responseNodes: c.turns.map((t) => ({
        responseId: t.id,
        sender: sender(t.role),
        ...(parent.get(t.id) ? { parentResponseId: parent.get(t.id) } : {}),
      })),
    };
  return {
    responses: c.turns.map((t, i) => ({
      responseId: t.id,
      message: t.text,
      sender: sender(t.role),
      createTime: at(i),
    })),
  };
}

const GROK_CHAT = /^\/rest\/app-chat\/conversations_v2\/([\w-]+)$/;
const GROK_PART = /^\/rest\/app-chat\/conversations\/([\w-]+)\/(response-node|load-responses)$/;

export const grok: FakeSite<'grok'> & { part(url: URL): string } = {
  site: 'grok',
  origin: 'https://grok.com',
  url: (id) => `https://grok.com/c/${id}`,
  replyPath: (id) => `/rest/app-chat/conversations/${id}/responses`,
  replyBody: (id) =>
    `{"result":{"conversation":{"conversationId":"${id}"}}}\n{"result":{"response":{"token":"ok"}}}\n`,
  isReply: (url) => /^\/rest\/app-chat\/conversations\/(new|[\w-]+\/responses)$/.test(url.pathname),
  part: (url) =>
    GROK_CHAT.test(url.pathname)
      ? 'chat'
      : GROK_PART.exec(url.pathname)?.[2] === 'response-node'
        ? 'nodes'
        : 'responses',
  json(url, conversation) {
    const id = GROK_CHAT.exec(url.pathname)?.[1] ?? GROK_PART.exec(url.pathname)?.[1];
    if (!id) return null;
    const answer = conversation(id);
    if (answer === null || answer === 'abort' || answer.status !== 200) return answer;
    const c = grok.conversations.get(id);
    return c ? json(grokJson(id, c, grok.part(url))) : answer;
  },
  body: () => null,
  conversations: new Map(),
};

/** GET /c/api/conversations/<id>/history: the newest message first. */
function copilotHistory(_id: string, c: FakeConversation): unknown {
  const results = c.turns.map((t, i) => ({
    id: t.id,
    author: { type: t.role === 'user' ? 'human' : 'ai' },
    createdAt: at(i),
    content: [{ type: 'text', text: t.text }],
  }));
  return { results: results.reverse() };
}

export const copilot: FakeSite<'copilot'> = {
  site: 'copilot',
  origin: 'https://copilot.microsoft.com',
  url: (id) => `https://copilot.microsoft.com/chats/${id}`,
  // Copilot replies over a WebSocket: no request for the tap (lib/sites/copilot/reply.ts).
  replyPath: () => '/c/api/chat',
  replyBody: () => '',
  isReply: () => false,
  json: (url, conversation) => {
    const id = /^\/c\/api\/conversations\/([\w-]+)\/history$/.exec(url.pathname)?.[1];
    return id ? conversation(id) : null;
  },
  body: copilotHistory,
  conversations: new Map(),
};

/** GET /api/v2/chats/<id>: Open WebUI's message tree, the branch from currentId. */
function qwenChat(id: string, c: FakeConversation): unknown {
  const parent = parents(c.turns);
  const messages = Object.fromEntries(
    c.turns.map((t, i) => [
      t.id,
      {
        id: t.id,
        parentId: parent.get(t.id) ?? null,
        role: t.role,
        content: t.text,
        timestamp: 1_790_000_000 + i,
      },
    ]),
  );
  return {
    success: true,
    data: {
      id,
      title: 'Fake chat',
      chat: { history: { messages, currentId: c.current ?? c.turns.at(-1)?.id } },
    },
  };
}

export const qwen: FakeSite<'qwen'> = {
  site: 'qwen',
  origin: 'https://chat.qwen.ai',
  url: (id) => `https://chat.qwen.ai/c/${id}`,
  replyPath: (id) => `/api/v2/chat/completions?chat_id=${id}`,
  replyBody: () => 'data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: [DONE]\n\n',
  isReply: (url) => url.pathname === '/api/v2/chat/completions',
  json: (url, conversation): FakeResponse => {
    const id = /^\/api\/v2\/chats\/([\w-]+)$/.exec(url.pathname)?.[1];
    return id ? conversation(id) : null;
  },
  body: qwenChat,
  conversations: new Map(),
};

/** Page-only sites: their page is all Engram reads; no JSON answers. */
const pageOnly = <S extends 'aistudio' | 'kimi' | 'meta'>(
  site: S,
  url: (id: string) => string,
): FakeSite<S> => ({
  site,
  origin: new URL(url('x')).origin,
  url,
  replyPath: () => '/',
  replyBody: () => '',
  isReply: () => false,
  json: () => null,
  body: () => null,
  conversations: new Map(),
});

export const aistudio = pageOnly('aistudio', (id) => `https://aistudio.google.com/prompts/${id}`);
export const kimi = pageOnly('kimi', (id) => `https://www.kimi.com/chat/${id}`);
export const meta = pageOnly('meta', (id) => `https://www.meta.ai/prompt/${id}`);

export const ROUND_TWO = [grok, copilot, aistudio, qwen, kimi, meta] as const;
