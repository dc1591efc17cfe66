import type { ScopeRef, SiteCore, SiteInfo } from '../site';
import { CHATGPT_REPLY, HOSTS } from './reply';

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
  hosts: HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  isPrivate: (url) => url.searchParams.get('temporary-chat') === 'true',
  scope: { noun: 'project', fromUrl: projectOf, fromJson: false },
};

export const chatgpt: SiteInfo<'chatgpt'> = {
  ...chatgptCore,
  label: 'ChatGPT',
  conversationUrl: (id) => `https://chatgpt.com/c/${encodeURIComponent(id)}`,
  // Temporary Chat: `?temporary-chat=true`, and `is_do_not_remember` in the conversation JSON (#3).
  doNotRemember: { seenIn: ['url', 'json'] },
  reply: CHATGPT_REPLY,
  savedMemoriesUrl: 'https://chatgpt.com/backend-api/memories',
};
