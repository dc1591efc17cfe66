import { pathCore } from '../path-site';
import type { SiteInfo } from '../site';
import { AISTUDIO_REPLY } from './reply';
import { AISTUDIO_HOSTS } from '../../model/site-hosts';

// A chat is a saved prompt, `/prompts/<Drive file id>`; a Build app's chat is `/apps/drive/<Drive file id>` (the
// 2025-11 capture was saved from `/apps/drive/1h_6cvIOnswyVBNDWm04_qEuwW_IaBQjq`). A new chat is
// `/prompts/new_chat`, and a temporary chat stays there: AI Studio saves no file for it, so it never has an id and
// nothing of it is stored.
const CONVERSATION_PATH = /^\/(?:prompts|apps\/drive)\/([A-Za-z0-9_-]{20,})\/?$/;

// A temporary chat never leaves /prompts/new_chat, which names no conversation (above): the URL is its mark, and
// an ordinary new chat starts there too, so it is not called private. Authors cannot be told at all (ownership).
export const aistudioCore = pathCore({
  site: 'aistudio',
  hosts: AISTUDIO_HOSTS,
  path: CONVERSATION_PATH,
  noScopes: 'AI Studio keeps prompts in one Drive folder, with no projects that a chat’s URL names',
});

export const aistudio: SiteInfo<'aistudio'> = {
  ...aistudioCore,
  label: 'AI Studio',
  conversationUrl: (id) => `https://aistudio.google.com/prompts/${encodeURIComponent(id)}`,
  doNotRemember: { seenIn: ['url'] },
  ownership: {
    unknown:
      'no capture shows how AI Studio tells a prompt someone shared with the person from their own (checked 2026-12): a shared prompt that opens at a /prompts/<id> address is stored as the person’s',
  },
  reply: AISTUDIO_REPLY,
};
