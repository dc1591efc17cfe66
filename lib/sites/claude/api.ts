// Fetches Claude's own conversation JSON from the page's origin with the user's session (#3).
import { z } from 'zod/mini';
import { shapeError, type ApiResult, type FetchJson } from '../api-types';
import { ClaudeConversation, claudeConversation } from './payload';

const Organizations = z.array(
  z.object({ uuid: z.string(), capabilities: z.optional(z.nullable(z.array(z.string()))) }),
);

/** The org found for the signed-in user; a failed lookup is not kept. */
export interface OrgCache {
  org: string | null;
}

// One org per signed-in user for the life of the tab: the tab's capture and its saved memories share it.
const tabOrg: OrgCache = { org: null };

export async function chatOrg(fetchJson: FetchJson, cache: OrgCache = tabOrg): Promise<string> {
  if (cache.org) return cache.org;
  const orgs = Organizations.safeParse(await fetchJson('/api/organizations', {}));
  if (!orgs.success) throw new Error(shapeError('/api/organizations', orgs.error.message));
  const org = orgs.data.find((o) => o.capabilities?.includes('chat'));
  if (!org) throw new Error('no organization with the chat capability');
  cache.org = org.uuid;
  return org.uuid;
}

export async function fetchClaude(
  fetchJson: FetchJson,
  id: string,
  cache: OrgCache = tabOrg,
): Promise<ApiResult> {
  try {
    const org = await chatOrg(fetchJson, cache);
    const path = `/api/organizations/${org}/chat_conversations/${id}?tree=True&rendering_mode=messages`;
    const parsed = ClaudeConversation.safeParse(await fetchJson(path, {}));
    if (!parsed.success) return { ok: false, reason: shapeError('conversation JSON', parsed.error.message) };
    const conversation = claudeConversation(parsed.data);
    if (typeof conversation === 'string') return { ok: false, reason: `conversation JSON: ${conversation}` };
    return { ok: true, conversation };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
