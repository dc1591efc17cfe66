import type { ReplyPattern, ReplySite } from '../reply';
import { GEMINI_HOSTS } from '../../model/site-hosts';

/**
 * Gemini streams each reply over XMLHttpRequest (not fetch) to StreamGenerate, one request per reply, and the
 * request ending is the reply's end (another project's live probe, 2026-10-03). The stream names the conversation
 * as `c_<hex>` beside `r_<hex>` response ids; the page URL's id is the hex part.
 */
export const GEMINI_REPLY: ReplyPattern = {
  transport: 'xhr',
  path: /^(?:\/u\/\d+)?\/_\/BardChatUi\/data\/assistant\.lamda\.BardFrontendService\/StreamGenerate\/?$/,
  id: /\bc_([0-9a-f]{12,})\b/,
};

export const replySite: ReplySite = { hosts: GEMINI_HOSTS, reply: GEMINI_REPLY };
