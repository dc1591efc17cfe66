// Fetches Perplexity's own thread JSON from the page's origin with the user's session cookie (#24): the call the
// thread page makes itself (another project's live probe, 2026-10-03: `GET /rest/thread/{slug}`, JSON, on page
// load), with the query string open-source exporters send. Long threads come in pages: follow `next_cursor` while
// `has_next_page`, oldest first (`from_first=true`).
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { PerplexityThread, perplexityConversation, type PerplexityEntry } from './payload';

const MAX_PAGES = 20;

function threadPath(slug: string, cursor: string | null): string {
  const query = 'with_parent_info=true&with_schematized_response=true&version=2.18&source=default&limit=100';
  const from = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '&offset=0&from_first=true';
  return `/rest/thread/${encodeURIComponent(slug)}?${query}${from}`;
}

export async function fetchPerplexity(fetchJson: FetchJson, slug: string): Promise<ApiResult> {
  const entries: PerplexityEntry[] = [];
  let cursor: string | null = null;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const parsed = PerplexityThread.safeParse(await fetchJson(threadPath(slug, cursor), {}));
      if (!parsed.success) return { ok: false, reason: shapeError('thread JSON', parsed.error.message) };
      entries.push(...parsed.data.entries);
      cursor = parsed.data.has_next_page ? (parsed.data.next_cursor ?? null) : null;
      if (!cursor) return { ok: true, conversation: perplexityConversation(slug, entries) };
    }
    return { ok: false, reason: `thread JSON: more than ${MAX_PAGES} pages` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
