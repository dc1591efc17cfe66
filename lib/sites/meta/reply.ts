import type { ReplyPattern, ReplySite } from '../reply';
import { META_HOSTS } from '../../model/site-hosts';

/**
 * Meta AI sends each prompt as a GraphQL mutation over fetch (`POST /api/graphql/`, streaming its answer; other
 * tools' notes of 2025-2026), one endpoint for every query the page makes, so the tap cannot tell a reply from a
 * title lookup by path. The reply's end is seen in the page: the answer's `data-streaming-state` reaches DONE
 * (selectors.ts STREAMING), and the page is read then.
 */
export const META_REPLY: ReplyPattern = {
  transport: 'page',
  path: /^\/api\/graphql\/?$/,
  id: null,
};

export const replySite: ReplySite = { hosts: META_HOSTS, reply: META_REPLY };
