import type { SiteCore, SiteInfo } from '../site';
import { CLAUDE_REPLY } from './reply';
import { CLAUDE_HOSTS } from '../../model/site-hosts';

const CONVERSATION_PATH = /^\/chat\/([0-9a-fA-F-]{8,})\/?$/;
const PROJECT_PAGE = /^\/project\/([0-9a-fA-F-]{8,})\/?$/;

export const claudeCore: SiteCore<'claude'> = {
  site: 'claude',
  hosts: CLAUDE_HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // Incognito chats are flagged in the API (`is_temporary`), not the URL; the API path reads it (#3).
  isPrivate: () => false,
  scope: {
    noun: 'project',
    fromUrl: (url) => {
      const id = PROJECT_PAGE.exec(url.pathname)?.[1];
      return id ? { id: id.toLowerCase(), name: null } : null;
    },
    fromJson: false,
    note: 'Claude names a project only on its own page (/project/<uuid>); a chat inside it is a plain /chat/<uuid>, and no capture of ours shows the project elsewhere, so chats carry no project scope',
  },
  // Incognito shows in the JSON only.
  pageNeedsJson: true,
};

export const claude: SiteInfo<'claude'> = {
  ...claudeCore,
  label: 'Claude',
  conversationUrl: (id) => `https://claude.ai/chat/${encodeURIComponent(id)}`,
  doNotRemember: { seenIn: ['json'] },
  ownership: {
    seenIn: ['url'],
    note: 'a /chat/<uuid> address is one of the signed-in organization’s own chats; a shared chat is a snapshot at /share/<uuid> (read through chat_snapshots, whose JSON names its `creator`: an open-source client’s types, 2025-12), not a conversation address',
    sharedView: 'https://claude.ai/share/6f0d2c1e-0a1b-4c3d-8e9f-001122334455',
  },
  reply: CLAUDE_REPLY,
  savedMemoriesUrl: 'https://claude.ai/api/organizations/memory',
};
