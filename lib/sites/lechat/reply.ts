import type { ReplyPattern, ReplySite } from '../reply';
import { LECHAT_HOSTS } from '../../model/site-hosts';

/**
 * Le Chat streams each reply over fetch, `POST /api/chat` (its body names the `chatId`; the reply is a data stream
 * of numbered JSON-patch lines), per another project's parser tests of 2026. The id is the page URL's.
 */
export const LECHAT_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/api\/chat\/?$/,
  id: null,
};

export const replySite: ReplySite = { hosts: LECHAT_HOSTS, reply: LECHAT_REPLY };
