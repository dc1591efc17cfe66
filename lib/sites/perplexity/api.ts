// Fetches Perplexity's own thread JSON from the page's origin with the user's session cookie (#24): the call the
// thread page makes itself (another project's live probe, 2026-10-03: `GET /rest/thread/{slug}`, JSON, on page
// load), with the query string open-source exporters send. Long threads come in pages: follow `next_cursor` while
// `has_next_page`, oldest first (`from_first=true`).
import { z } from 'zod/mini';
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { PerplexityThread, perplexityConversation, type PerplexityEntry } from './payload';

const MAX_PAGES = 20;

function threadPath(slug: string, cursor: string | null): string {
  const query = 'with_parent_info=true&with_schematized_response=true&version=2.18&source=default&limit=100';
  const from = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '&offset=0&from_first=true';
  return `/rest/thread/${encodeURIComponent(slug)}?${query}${from}`;
}

// The page's own session call (next-auth): `{user: {id, email, …}, expires}`; an open-source exporter of 2026
// checks `session.user.id` to know who is signed in, and notes `{}` once the session is gone. The id is the one
// thread entries name as `author_id` (payload.ts), assumed: no capture shows both. TODO(2027-06): confirm.
const Session = z.object({
  user: z.optional(z.nullable(z.object({ id: z.optional(z.nullable(z.union([z.string(), z.number()]))) }))),
});

/** The signed-in account's id, or null when the session does not say. */
export async function signedIn(fetchJson: FetchJson): Promise<string | null> {
  const session = Session.safeParse(await fetchJson('/api/auth/session', {}));
  const id = session.success ? session.data.user?.id : null;
  return id === null || id === undefined || id === '' ? null : String(id);
}

export async function fetchPerplexity(fetchJson: FetchJson, slug: string): Promise<ApiResult> {
  const entries: PerplexityEntry[] = [];
  let cursor: string | null = null;
  try {
    const me = await signedIn(fetchJson);
    for (let page = 0; page < MAX_PAGES; page++) {
      const parsed = PerplexityThread.safeParse(await fetchJson(threadPath(slug, cursor), {}));
      if (!parsed.success) return { ok: false, reason: shapeError('thread JSON', parsed.error.message) };
      entries.push(...parsed.data.entries);
      cursor = parsed.data.has_next_page ? (parsed.data.next_cursor ?? null) : null;
      if (!cursor) return { ok: true, conversation: perplexityConversation(slug, entries, me) };
    }
    return { ok: false, reason: `thread JSON: more than ${MAX_PAGES} pages` };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
