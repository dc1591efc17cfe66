// Fetches Copilot's own conversation JSON from the page's origin with the user's session (#36). A signed-in
// person's calls carry the access token Microsoft's sign-in library (MSAL) keeps in localStorage, under a key with
// "accesstoken" in it, the one for Copilot's chat scope first; a guest's carry none (exporters of 2026). A long
// chat's history continues at `next`, asked again with `cursor`.
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { CopilotHistory, copilotConversation, type CopilotMessage } from './payload';

const MAX_PAGES = 20;

/** The access token among MSAL's cache entries: the one for Copilot's chat API, else the first. */
export function tokenFrom(entries: readonly [string, string | null][]): string | null {
  let fallback: string | null = null;
  for (const [key, raw] of entries) {
    if (!key.toLowerCase().includes('accesstoken') || !raw) continue;
    try {
      const entry: unknown = JSON.parse(raw);
      if (!entry || typeof entry !== 'object') continue;
      const { secret, target } = entry as { secret?: unknown; target?: unknown };
      if (typeof secret !== 'string' || secret === '') continue;
      if (typeof target === 'string' && target.toLowerCase().includes('chatai')) return secret;
      fallback ??= secret;
    } catch {
      // not a token entry
    }
  }
  return fallback;
}

function historyPath(id: string, cursor: string | null): string {
  const next = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  return `/c/api/conversations/${encodeURIComponent(id)}/history?api-version=2${next}`;
}

export async function fetchCopilot(
  fetchJson: FetchJson,
  id: string,
  token: string | null,
): Promise<ApiResult> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const messages: CopilotMessage[] = [];
  let cursor: string | null = null;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const parsed = CopilotHistory.safeParse(await fetchJson(historyPath(id, cursor), headers));
      if (!parsed.success) return { ok: false, reason: shapeError('history JSON', parsed.error.message) };
      messages.push(...parsed.data.results);
      cursor = parsed.data.next || null;
      if (!cursor || parsed.data.results.length === 0)
        return { ok: true, conversation: copilotConversation(id, messages) };
    }
    return { ok: false, reason: `history JSON: more than ${MAX_PAGES} pages` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
