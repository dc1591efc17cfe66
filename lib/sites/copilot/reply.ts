import type { ReplyPattern, ReplySite } from '../reply';
import { COPILOT_HOSTS } from '../../model/site-hosts';

/**
 * Copilot streams replies over a WebSocket (`wss://copilot.microsoft.com/c/api/chat?api-version=2`, open-source
 * exporters of 2025-2026), which the tap does not wrap: a reply's end is seen in the page, when the answer's
 * reactions bar appears (selectors.ts STREAMING), and the conversation JSON is read again then.
 */
export const COPILOT_REPLY: ReplyPattern = {
  transport: 'page',
  path: /^\/c\/api\/chat\/?$/,
  id: null,
};

export const replySite: ReplySite = { hosts: COPILOT_HOSTS, reply: COPILOT_REPLY };
