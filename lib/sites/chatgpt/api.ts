// Fetches ChatGPT's own conversation JSON from the page's origin with the user's session (#3). Runs in the
// isolated content script: its fetch carries the page's cookies. `fetchJson` is injected so tests need no network.
import { z } from 'zod/mini';
import { shapeError, type ApiResult, type ApiTurn, type FetchJson } from '../api-types';
import { ChatgptConversation, ChatgptMessage, chatgptConversation, messageTurn } from './payload';

const Session = z.object({ accessToken: z.string().check(z.minLength(1)) });

// The paginated endpoint of 2026 (live notes in #3, no capture): pages of messages on the visible branch,
// oldest first, with a cursor to the page before. Unverified beyond those notes, so any other shape falls back.
const Page = z.object({
  messages: z.array(z.unknown()),
  page_info: z.optional(
    z.object({ has_previous_page: z.boolean(), start_cursor: z.optional(z.nullable(z.string())) }),
  ),
});

const MAX_PAGES = 50;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `ChatGPT-Account-Id` comes from the workspace cookie when one is chosen (live notes, #3). */
export function accountId(cookie: string): string | null {
  const match = /(?:^|;\s*)_account=([^;]+)/.exec(cookie);
  const value = match?.[1] ? decodeURIComponent(match[1]) : null;
  return value && value !== 'personal' ? value : null;
}

export async function authHeaders(fetchJson: FetchJson, cookie: string): Promise<Record<string, string>> {
  const session = Session.safeParse(await fetchJson('/api/auth/session', {}));
  if (!session.success) throw new Error('no access token in /api/auth/session (signed out?)');
  const account = accountId(cookie);
  return {
    Authorization: `Bearer ${session.data.accessToken}`,
    ...(account ? { 'ChatGPT-Account-Id': account } : {}),
  };
}

function fromFull(raw: unknown, id: string): ApiResult {
  const parsed = ChatgptConversation.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: shapeError('conversation JSON', parsed.error.message) };
  const conversation = chatgptConversation(parsed.data);
  if (typeof conversation === 'string') return { ok: false, reason: `conversation JSON: ${conversation}` };
  return { ok: true, conversation: { ...conversation, id: conversation.id || id } };
}

async function fromPages(
  fetchJson: FetchJson,
  id: string,
  headers: Record<string, string>,
): Promise<ApiResult> {
  const pages: unknown[][] = [];
  let path = `/backend-api/conversations/${id}?num_turns=100`;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = Page.safeParse(await fetchJson(path, headers));
    if (!page.success) return { ok: false, reason: shapeError('paginated conversation', page.error.message) };
    pages.unshift(page.data.messages);
    const info = page.data.page_info;
    if (!info?.has_previous_page || !info.start_cursor) break;
    path = `/backend-api/conversations/${id}/messages?before=${encodeURIComponent(info.start_cursor)}`;
  }
  const turns = pages.flat().flatMap((raw): ApiTurn[] => {
    const message = ChatgptMessage.safeParse(raw);
    const turn = message.success ? messageTurn(message.data) : null;
    return turn ? [turn] : [];
  });
  return { ok: true, conversation: { id, title: '', private: false, createdAt: null, turns } };
}

/** The full conversation first; its paginated form when that fails or lacks `mapping`. */
export async function fetchChatgpt(fetchJson: FetchJson, id: string, cookie: string): Promise<ApiResult> {
  let headers: Record<string, string>;
  try {
    headers = await authHeaders(fetchJson, cookie);
  } catch (error) {
    return { ok: false, reason: message(error) };
  }
  let full: ApiResult;
  try {
    full = fromFull(await fetchJson(`/backend-api/conversation/${id}`, headers), id);
  } catch (error) {
    full = { ok: false, reason: `conversation JSON: ${message(error)}` };
  }
  if (full.ok) return full;
  try {
    const paged = await fromPages(fetchJson, id, headers);
    return paged.ok ? paged : { ok: false, reason: `${full.reason}; ${paged.reason}` };
  } catch (error) {
    return { ok: false, reason: `${full.reason}; paginated: ${message(error)}` };
  }
}
