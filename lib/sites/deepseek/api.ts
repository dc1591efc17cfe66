// Fetches DeepSeek's own conversation JSON from the page's origin with the user's session (#24). DeepSeek
// authorises its API with a bearer token the page keeps in localStorage (`userToken`, JSON `{value}`), as every
// open-source exporter reads it; the adapter passes a reader for it so this file stays testable.
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { DeepseekEnvelope, DeepseekHistory, deepseekConversation } from './payload';

/** The bearer token from localStorage's `userToken`, or null when signed out or unreadable. */
export function tokenFrom(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    const value = parsed && typeof parsed === 'object' && 'value' in parsed ? parsed.value : null;
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

// Without `cache_version` the site answers with every message; the page's own call sends its cache version and
// gets a delta with `chat_messages: []` (another project's live probe, 2026-10-04).
const historyPath = (id: string) => `/api/v0/chat/history_messages?chat_session_id=${encodeURIComponent(id)}`;

export async function fetchDeepseek(
  fetchJson: FetchJson,
  id: string,
  token: string | null,
): Promise<ApiResult> {
  if (!token) return { ok: false, reason: 'no DeepSeek user token in this page (signed out?)' };
  try {
    const envelope = DeepseekEnvelope.safeParse(
      await fetchJson(historyPath(id), { Authorization: `Bearer ${token}` }),
    );
    if (!envelope.success)
      return { ok: false, reason: shapeError('conversation JSON', envelope.error.message) };
    const { code = 0, msg, data } = envelope.data;
    if (code !== 0 || (data?.biz_code ?? 0) !== 0)
      return {
        ok: false,
        reason: `conversation JSON: ${data?.biz_msg || msg || 'refused'} (code ${code || data?.biz_code})`,
      };
    const parsed = DeepseekHistory.safeParse(data?.biz_data);
    if (!parsed.success) return { ok: false, reason: shapeError('conversation JSON', parsed.error.message) };
    const conversation = deepseekConversation(parsed.data);
    if (typeof conversation === 'string') return { ok: false, reason: `conversation JSON: ${conversation}` };
    return { ok: true, conversation };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
