// Google AI Studio (aistudio.google.com): the chat page (`/prompts/<id>`) and the Build page's code assistant
// (`/apps/drive/<id>`), from the page only. A prompt's JSON is a Drive file the page loads through Google's RPC
// gateway on another origin (MakerSuiteService/ResolveDriveResource), answered as unnamed nested arrays and
// authorised by a hash of the page's session cookie: nothing the page can read safely. The same prompt's JSON as
// Drive keeps it (`chunkedPrompt.chunks`) is read when the person imports the file (export.ts). Temporary chats:
// no id, never stored (site.ts). Scope: none.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { aistudioCore } from './site';

export const NO_JSON =
  "AI Studio's prompt data is not read from the page (see lib/sites/aistudio/adapter.ts); turns come from the page";

export const aistudioAdapter: SiteAdapter<'aistudio'> = {
  ...aistudioCore,
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: async () => ({ ok: false, reason: NO_JSON }),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: 'AI Studio keeps no saved memories' }),
};
