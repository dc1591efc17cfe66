import { pathCore } from '../path-site';
import type { SiteInfo } from '../site';
import { META_REPLY } from './reply';
import { META_HOSTS } from '../../model/site-hosts';

// `/prompt/<uuid>`: the person's own chats (other tools' notes of 2025-11: `https://www.meta.ai/prompt/a04adc0d-…`;
// the capture's message ids begin with the same kind of uuid). Posts others shared to Meta AI's feed open under
// their author (`/@<name>/…`): never a conversation here (#34 item 2).
const CONVERSATION_PATH = /^\/prompt\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

// No private mode; who wrote a chat shows in its address (ownership below).
export const metaCore = pathCore({
  site: 'meta',
  hosts: META_HOSTS,
  path: CONVERSATION_PATH,
  noScopes: 'Meta AI has no projects or folders of chats',
});

export const meta: SiteInfo<'meta'> = {
  ...metaCore,
  label: 'Meta AI',
  conversationUrl: (id) => `https://www.meta.ai/prompt/${encodeURIComponent(id)}`,
  doNotRemember: { none: 'Meta AI offers no temporary or incognito chat' },
  ownership: {
    seenIn: ['url'],
    note: 'a /prompt/<uuid> address opens the signed-in account’s own chats; posts others shared open under their author (/@<name>/…), not a conversation address',
    sharedView: 'https://www.meta.ai/@someone/prompt/a04adc0d-0a1b-4c3d-8e9f-001122334455',
  },
  reply: META_REPLY,
};
