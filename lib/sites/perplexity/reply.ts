import type { ReplyPattern, ReplySite } from '../reply';
import { PERPLEXITY_HOSTS } from '../../model/site-hosts';

/**
 * Perplexity asks over fetch, `POST /rest/sse/perplexity_ask`, one request per query (another project's live
 * probe, 2026-10-03); the reply is over at `event: end_of_stream`, after which the page aborts the request itself,
 * so the tap must not wait for a clean close. The stream's messages carry the thread's `thread_url_slug`, the id
 * of /search/<slug>. The request's `params.is_incognito` marks an incognito query (open-source clients, 2025-2026).
 */
export const PERPLEXITY_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/rest\/sse\/perplexity_ask\/?$/,
  id: /"thread_url_slug"\s*:\s*"([^"]+)"/,
  privateBody: /"is_incognito"\s*:\s*true/,
};

export const replySite: ReplySite = { hosts: PERPLEXITY_HOSTS, reply: PERPLEXITY_REPLY };
