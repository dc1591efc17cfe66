import type { ScopeRef, SiteCore, SiteInfo } from '../site';
import { CHATGPT_REPLY } from './reply';
import { CHATGPT_HOSTS } from '../../model/site-hosts';

// `/c/<id>` and `/g/<gizmo-or-project>/c/<id>` (#3).
const CONVERSATION_PATH = /^\/(?:g\/[^/]+\/)?c\/([0-9a-zA-Z-]{8,})\/?$/;
// Project chats live under `/g/g-p-<id>-<slug>/c/<conversation>` and the project page under
// `/g/g-p-<id>-<slug>/project`; the slug is the project's name as the user typed it. Custom GPTs are `g-<id>`,
// not projects (#5).
const PROJECT = /^\/g\/(g-p-[0-9a-zA-Z]+)(?:-([^/]+))?(?:\/|$)/;

function slugName(slug: string | undefined): string | null {
  if (!slug) return null;
  try {
    return decodeURIComponent(slug).replace(/-+/g, ' ').trim() || null;
  } catch {
    return null;
  }
}

function projectOf(url: URL): ScopeRef | null {
  const m = PROJECT.exec(url.pathname);
  return m?.[1] ? { id: m[1], name: slugName(m[2]) } : null;
}

export const chatgptCore: SiteCore<'chatgpt'> = {
  site: 'chatgpt',
  hosts: CHATGPT_HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  isPrivate: (url) => url.searchParams.get('temporary-chat') === 'true',
  scope: { noun: 'project', fromUrl: projectOf, fromJson: false },
  // Temporary Chat shows in the URL and the people who wrote a chat in its address (ownership below).
  pageNeedsJson: false,
};

export const chatgpt: SiteInfo<'chatgpt'> = {
  ...chatgptCore,
  label: 'ChatGPT',
  conversationUrl: (id) => `https://chatgpt.com/c/${encodeURIComponent(id)}`,
  // Temporary Chat: `?temporary-chat=true`, and `is_do_not_remember` in the conversation JSON (#3).
  doNotRemember: { seenIn: ['url', 'json'] },
  ownership: {
    seenIn: ['url'],
    note: 'a /c/<id> address opens only the signed-in account’s own chats; a shared chat is /share/<id>, not a conversation address. Not told apart: a chat continued from someone’s shared link is saved in the person’s own history with the sharer’s turns in it (ChatGPT’s shared-links FAQ, 2023-06), and no author field on those copied turns is known (checked 2026-12)',
    sharedView: 'https://chatgpt.com/share/6f0d2c1e-0a1b-4c3d-8e9f-001122334455',
  },
  reply: CHATGPT_REPLY,
  savedMemoriesUrl: 'https://chatgpt.com/backend-api/memories',
};
