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

/** The `json` of each procedure, or why the batch cannot be used. */
function results(raw: unknown): unknown[] | string {
  if (!Array.isArray(raw) || raw.length < 2) return 'tRPC batch JSON had an unexpected shape';
  const out: unknown[] = [];
  for (const item of raw) {
    const parsed = TrpcResult.safeParse(item);
    if (!parsed.success) return shapeError('tRPC batch JSON', parsed.error.message);
    if (!parsed.data.result)
      return `tRPC batch JSON: a procedure failed (${JSON.stringify(parsed.data.error).slice(0, 120)})`;
    out.push(parsed.data.result.data.json);
  }
  return out;
}

export async function fetchLechat(fetchJson: FetchJson, id: string): Promise<ApiResult> {
  const messages: LechatMessage[] = [];
  let first: LechatChatJson | null = null;
  let cursor: unknown = undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const parts = results(await fetchJson(batchPath(id, cursor), {}));
      if (typeof parts === 'string') return { ok: false, reason: parts };
      const chat = LechatChat.safeParse(parts[0]);
      const list = LechatMessages.safeParse(parts[1]);
      if (!chat.success) return { ok: false, reason: shapeError('chat.byId JSON', chat.error.message) };
      if (!list.success) return { ok: false, reason: shapeError('message.all JSON', list.error.message) };
      first ??= chat.data; // the chat as it was when its first page was read
      messages.push(...list.data.items);
      cursor = list.data.nextCursor ?? undefined;
      if (cursor === undefined) return { ok: true, conversation: lechatConversation(first, messages) };
    }
    return { ok: false, reason: `message.all JSON: more than ${MAX_PAGES} pages` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
