// Fetches Grok's own conversation JSON from the page's origin with the user's session cookie (#36): the chat, its
// response tree, then the responses on the branch the page shows, as Grok's page does (payload.ts says whose notes).
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { GrokChat, GrokNodes, GrokResponses, grokConversation, visibleBranch } from './payload';

const base = (id: string) => `/rest/app-chat/conversations/${encodeURIComponent(id)}`;

type Read<T> = { ok: true; data: T } | { ok: false; reason: string };

function read<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: Error } },
  what: string,
  raw: unknown,
): Read<T> {
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, reason: shapeError(what, parsed.error.message) };
}

export async function fetchGrok(fetchJson: FetchJson, id: string): Promise<ApiResult> {
  try {
    const chatPath = `/rest/app-chat/conversations_v2/${encodeURIComponent(id)}?includeWorkspaces=true&includeTaskResult=true`;
    const chat = read(GrokChat, 'conversation JSON', await fetchJson(chatPath, {}));
    if (!chat.ok) return chat;
    const nodes = read(
      GrokNodes,
      'response-node JSON',
      await fetchJson(`${base(id)}/response-node?includeThreads=true`, {}),
    );
    if (!nodes.ok) return nodes;
    const branch = visibleBranch(nodes.data.responseNodes);
    const body = JSON.stringify({ responseIds: branch });
    const loaded = read(
      GrokResponses,
      'load-responses JSON',
      await fetchJson(`${base(id)}/load-responses`, {}, body),
    );
    if (!loaded.ok) return loaded;
    return {
      ok: true,
      conversation: grokConversation(chat.data.conversation, branch, loaded.data.responses),
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
