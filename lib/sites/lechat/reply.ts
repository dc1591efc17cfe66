import type { ReplyPattern, ReplySite } from '../reply';

/**
 * Le Chat streams each reply over fetch, `POST /api/chat` (its body names the `chatId`; the reply is a data stream
 * of numbered JSON-patch lines), per another project's parser tests of 2026. The id is the page URL's.
 */
export const LECHAT_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/api\/chat\/?$/,
  id: null,
};

/** Apart from the pattern, so a chat page's script takes the hosts without it (site.ts). */
export const HOSTS = ['chat.mistral.ai'] as const;

export const replySite: ReplySite = { hosts: HOSTS, reply: LECHAT_REPLY };
