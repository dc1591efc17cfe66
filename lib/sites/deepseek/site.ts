import { pathCore } from '../path-site';
import type { SiteInfo } from '../site';
import { DEEPSEEK_REPLY } from './reply';
import { DEEPSEEK_HOSTS } from '../../model/site-hosts';

// `/a/chat/s/<uuid>` (exporters of 2025-2026 read the id from there; the page's own history call is sent with it
// as referrer). The `/a` prefix is optional for older links.
const CONVERSATION_PATH = /^\/(?:a\/)?chat\/s\/([0-9a-fA-F-]{8,})\/?$/;

export const deepseekCore = pathCore({
  site: 'deepseek',
  hosts: DEEPSEEK_HOSTS,
  path: CONVERSATION_PATH,
  noScopes: 'DeepSeek has no projects, folders or spaces',
});

export const deepseek: SiteInfo<'deepseek'> = {
  ...deepseekCore,
  label: 'DeepSeek',
  conversationUrl: (id) => `https://chat.deepseek.com/a/chat/s/${encodeURIComponent(id)}`,
  doNotRemember: { none: 'DeepSeek offers no temporary or incognito chat' },
  ownership: {
    seenIn: ['url'],
    note: 'an /a/chat/s/<id> address is the person’s own chat, whose history the site answers to its owner’s token only (assumed: exporters read only their own); a shared chat is /share/<id>, not a conversation address',
    sharedView: 'https://chat.deepseek.com/share/6f0d2c1e0a1b4c3d8e9f',
  },
  reply: DEEPSEEK_REPLY,
};
