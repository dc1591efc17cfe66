import type { ReplyPattern, ReplySite } from '../reply';
import { AISTUDIO_HOSTS } from '../../model/site-hosts';

/**
 * AI Studio runs a prompt through Google's RPC gateway (`POST …/$rpc/google.internal.alkali.applications.
 * makersuite.v1.MakerSuiteService/GenerateContent` on another origin, other tools' notes of 2025-2026), which the
 * tap does not see from the page's origin. A reply's end is seen in the page: the Run button stops being a Stop
 * button (selectors.ts STREAMING), and the page is read then.
 */
export const AISTUDIO_REPLY: ReplyPattern = {
  transport: 'page',
  path: /\/MakerSuiteService\/GenerateContent$/,
  id: null,
};

export const replySite: ReplySite = { hosts: AISTUDIO_HOSTS, reply: AISTUDIO_REPLY };
