// Fetches Le Chat's own conversation JSON from the page's origin with the user's session cookie (#24), through
// the tRPC batch its chat page uses (payload.ts says whose notes). `message.all` pages its items: ask again with
// `cursor` (tRPC's infinite-query input) while `nextCursor` is set.
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import {
  LechatChat,
  LechatMessages,
  TrpcResult,
  lechatConversation,
  type LechatChatJson,
  type LechatMessage,
} from './payload';

const MAX_PAGES = 20;

function batchPath(id: string, cursor: unknown): string {
  const messages = cursor === undefined ? { chatId: id } : { chatId: id, cursor };
  const input = { 0: { json: { id } }, 1: { json: messages } };
  return `/api/trpc/chat.byId,message.all?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

type Part = { json: unknown } | { failed: string };

/** Each procedure's `json`, or why it failed; a string when the batch itself cannot be used. */
function results(raw: unknown): Part[] | string {
  if (!Array.isArray(raw) || raw.length < 2) return 'tRPC batch JSON had an unexpected shape';
  const out: Part[] = [];
  for (const item of raw) {
    const parsed = TrpcResult.safeParse(item);
    if (!parsed.success) return shapeError('tRPC batch JSON', parsed.error.message);
    const { result, error } = parsed.data;
    out.push(result ? { json: result.data.json } : { failed: JSON.stringify(error).slice(0, 120) });
  }
  return out;
}

/**
 * chat.byId's word, read before anything else (#34): a chat it says is incognito is private even when message.all
 * failed beside it, which used to discard the whole batch and send the page to be read.
 */
function chatOf(part: Part | undefined): { chat: LechatChatJson } | { reason: string; private?: true } {
  if (!part || 'failed' in part) return { reason: `tRPC batch JSON: chat.byId failed (${part?.failed})` };
  const chat = LechatChat.safeParse(part.json);
  if (!chat.success) return { reason: shapeError('chat.byId JSON', chat.error.message) };
  if (chat.data.incognito === true) return { reason: 'chat.byId: an incognito chat', private: true };
  return { chat: chat.data };
}

export async function fetchLechat(fetchJson: FetchJson, id: string): Promise<ApiResult> {
  const messages: LechatMessage[] = [];
  let first: LechatChatJson | null = null;
  let cursor: unknown = undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const parts = results(await fetchJson(batchPath(id, cursor), {}));
      if (typeof parts === 'string') return { ok: false, reason: parts };
      const chat = chatOf(parts[0]);
      if (!('chat' in chat)) return { ok: false, ...chat };
      const part = parts[1];
      if (!part || 'failed' in part)
        return { ok: false, reason: `tRPC batch JSON: message.all failed (${part?.failed})` };
      const list = LechatMessages.safeParse(part.json);
      if (!list.success) return { ok: false, reason: shapeError('message.all JSON', list.error.message) };
      first ??= chat.chat; // the chat as it was when its first page was read
      messages.push(...list.data.items);
      cursor = list.data.nextCursor ?? undefined;
      if (cursor === undefined) return { ok: true, conversation: lechatConversation(first, messages) };
    }
    return { ok: false, reason: `message.all JSON: more than ${MAX_PAGES} pages` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
