// Perplexity's thread JSON (GET /rest/thread/<slug>?…) -> the thread's turns. Pure; unknown keys are dropped.
// Shape from open-source exporters that read the page's own call (TGRRRR/perplexport src/types/conversation.ts,
// another project's notes of 2026): {status, entries: [{uuid, backend_uuid, query_str, thread_title,
// entry_created_datetime, updated_datetime, status, blocks: [{intended_usage: "ask_text", markdown_block:
// {answer, chunks}} | plan | sources_answer_mode | media_items …], collection_info?: {uuid, slug, title}}],
// has_next_page, next_cursor}. Each entry is one query and its answer; a thread has no branches.
// Whose entry it is (#34): perplexport's types (src/types/conversation.ts, 2026-02) list `author_id`,
// `author_username`, `thread_access`, `privacy_state` and `access_level` on every entry; only `author_id` is read,
// against the signed-in account's id (api.ts). A thread someone shared opens at the same /search/<slug> as one's
// own, so an entry is the person's only when both ids are there and equal: an entry of another author, or a thread
// whose authors or reader cannot be told, stores nothing. The values of the other four are not known.
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';
import { spaceOfSlug } from './scope';

const Text = z.optional(z.nullable(z.string()));

const Block = z.object({
  intended_usage: Text,
  markdown_block: z.optional(
    z.nullable(z.object({ answer: Text, chunks: z.optional(z.nullable(z.array(z.string()))) })),
  ),
});

export const PerplexityEntry = z.object({
  uuid: Text,
  backend_uuid: Text,
  query_str: Text,
  thread_title: Text,
  status: Text,
  entry_created_datetime: Text,
  updated_datetime: Text,
  blocks: z.optional(z.nullable(z.array(Block))),
  collection_info: z.optional(z.nullable(z.object({ uuid: Text, slug: Text, title: Text }))),
  author_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  // The ask request's flag (`params.is_incognito`, open-source clients of 2025-2026), assumed to come back on
  // the entry; no capture shows it. TODO(2027-05): confirm on an incognito thread's JSON.
  is_incognito: z.optional(z.nullable(z.boolean())),
});
export type PerplexityEntry = z.infer<typeof PerplexityEntry>;

export const PerplexityThread = z.object({
  entries: z.array(PerplexityEntry),
  has_next_page: z.optional(z.nullable(z.boolean())),
  next_cursor: Text,
});

// Answers cite sources as "[1]" after a sentence and link entities as "[label](pplx://…)"; the page shows pills
// and plain labels instead.
const CITE = /[ \t]*\[\d+\](?!\()/g;
const PPLX_LINK = /\[([^\]]*)\]\(pplx:\/\/[^)]*\)/g;

export function answerOf(entry: PerplexityEntry): string {
  const block = entry.blocks?.find(
    (b) => b.intended_usage === 'ask_text' && b.markdown_block,
  )?.markdown_block;
  const raw = block?.answer || (block?.chunks ?? []).join('');
  return raw.replace(PPLX_LINK, '$1').replace(CITE, '').trim();
}

function entryTurns(entry: PerplexityEntry, index: number): ApiTurn[] {
  const id = entry.backend_uuid || entry.uuid || `entry-${index}`;
  const createdAt = isoTime(entry.entry_created_datetime ?? entry.updated_datetime);
  const query = (entry.query_str ?? '').trim();
  // A pending entry's answer is still streaming: read it when it is done.
  const answer = entry.status === 'PENDING' ? '' : answerOf(entry);
  const turns: ApiTurn[] = [];
  if (query) turns.push({ id: `${id}:query`, role: 'user', text: query, createdAt });
  if (answer) turns.push({ id, role: 'assistant', text: answer, createdAt });
  return turns;
}

function projectOf(entries: readonly PerplexityEntry[]): ApiConversation['project'] {
  const info = entries.find((e) => e.collection_info)?.collection_info;
  if (!info) return null;
  const fromSlug = info.slug ? spaceOfSlug(info.slug) : null;
  const id = fromSlug?.id ?? info.uuid;
  return id ? { id, name: info.title ?? fromSlug?.name ?? null } : null;
}

const authorOf = (e: PerplexityEntry) =>
  e.author_id === null || e.author_id === undefined ? '' : String(e.author_id);

/** `me`: the signed-in account's id, or null when the session did not say (then no entry is known to be theirs). */
export function perplexityConversation(
  slug: string,
  entries: readonly PerplexityEntry[],
  me: string | null,
): ApiConversation {
  const authorsKnown = !!me && entries.every((e) => authorOf(e) !== '');
  const own = authorsKnown ? entries.filter((e) => authorOf(e) === me) : [];
  return {
    id: slug,
    title: own[0]?.thread_title ?? '',
    private: entries.some((e) => e.is_incognito === true),
    createdAt: isoTime(own[0]?.entry_created_datetime),
    turns: own.flatMap((e) => entryTurns(e, entries.indexOf(e))),
    project: projectOf(entries),
    authorsKnown,
    othersLeftOut: authorsKnown ? entries.length - own.length : 0,
  };
}
