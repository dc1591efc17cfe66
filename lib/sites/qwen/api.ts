// Fetches Qwen Chat's own conversation JSON from the page's origin with the user's session (#36). The page keeps
// its bearer token in localStorage (`token`, as Open WebUI does, and as open-source clients of 2025-2026 read it);
// the adapter passes it in so this file stays testable.
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { QwenChat, qwenConversation } from './payload';

export async function fetchQwen(fetchJson: FetchJson, id: string, token: string | null): Promise<ApiResult> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  try {
    const parsed = QwenChat.safeParse(await fetchJson(`/api/v2/chats/${encodeURIComponent(id)}`, headers));
    if (!parsed.success) return { ok: false, reason: shapeError('chat JSON', parsed.error.message) };
    if (parsed.data.success === false) return { ok: false, reason: 'chat JSON: the site refused the chat' };
    return { ok: true, conversation: qwenConversation(parsed.data.data) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
