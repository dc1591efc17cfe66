import type { ReplyPattern, ReplySite } from '../reply';
import { KIMI_HOSTS } from '../../model/site-hosts';

/**
 * Kimi asks over fetch, through its Connect RPC gateway (`POST /apiv2/kimi.gateway.chat.v1.ChatService/Chat`,
 * named by the share page's own hydration state, `kimi.gateway.chat.v1`, kimi-share-2026-07; other tools of 2026
 * watch the same call), streaming until the request ends. The chat's id is the page URL's.
 */
export const KIMI_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/apiv2\/kimi\.gateway\.chat\.v1\.ChatService\/Chat\/?$/,
  id: null,
};

export const replySite: ReplySite = { hosts: KIMI_HOSTS, reply: KIMI_REPLY };
