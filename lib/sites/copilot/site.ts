import { pathCore } from '../path-site';
import type { SiteInfo } from '../site';
import { COPILOT_REPLY } from './reply';
import { COPILOT_HOSTS } from '../../model/site-hosts';

// `/chats/<id>` (the saved copilot-2026-04 page's own address, `/chats/pu2zWbJQbra5rKa5pSWKS`; exporters of 2026
// read the id there). A shared conversation opens at `/shares/<id>`: someone else's thread, never a conversation
// here (#34 item 2).
const CONVERSATION_PATH = /^\/chats\/([A-Za-z0-9_-]{8,128})\/?$/;

// No private mode; who wrote a chat shows in its address (ownership below).
export const copilotCore = pathCore({
  site: 'copilot',
  hosts: COPILOT_HOSTS,
  path: CONVERSATION_PATH,
  noScopes: 'Copilot has no projects that a chat’s URL or JSON names (its Pages are documents, not chats)',
});

export const copilot: SiteInfo<'copilot'> = {
  ...copilotCore,
  label: 'Copilot',
  conversationUrl: (id) => `https://copilot.microsoft.com/chats/${encodeURIComponent(id)}`,
  doNotRemember: { none: 'Copilot offers no temporary or incognito chat' },
  ownership: {
    seenIn: ['url'],
    note: 'a /chats/<id> address opens the signed-in account’s own conversations; a shared one is /shares/<id>, not a conversation address',
    sharedView: 'https://copilot.microsoft.com/shares/pu2zWbJQbra5rKa5pSWKS',
  },
  reply: COPILOT_REPLY,
};
