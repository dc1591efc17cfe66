// Meta AI (www.meta.ai), from the page only. Its page reads chats through GraphQL queries named by build-specific
// document ids (`doc_id`, other tools' notes of 2025-2026), which change without notice and need the page's own
// tokens; nothing stable to read. A chat someone shared to Meta AI's feed is someone else's thread: its address is
// no conversation here (site.ts), and a page that shows a thread without a prompt box is read-only and never read
// (isSharedView). Private chats and scopes: none (site.ts). Export: none.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { metaCore } from './site';

export const NO_JSON =
  "Meta AI's conversation data is not read (see lib/sites/meta/adapter.ts); turns come from the page";

export const metaAdapter: SiteAdapter<'meta'> = {
  ...metaCore,
  isPrivatePage: () => false,
  // Read-only: a thread with no prompt box under it is not one the person can write in.
  isSharedView: (root) => findThread(root) !== null && findComposer(root) === null,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: async () => ({ ok: false, reason: NO_JSON }),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Meta AI's memories are not read" }),
};
