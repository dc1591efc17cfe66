import type { FetchJson } from '../api-types';
import { fetchClaude, type OrgCache } from './api';
import { ROOT_UUID } from './payload';

const CONV = '/api/organizations/org-chat/chat_conversations/c1?tree=True&rendering_mode=messages';

function fake(routes: Record<string, unknown>): { fetchJson: FetchJson; paths: string[] } {
  const paths: string[] = [];
  const fetchJson: FetchJson = async (path) => {
    paths.push(path);
    if (!(path in routes)) throw new Error(`HTTP 404 for ${path}`);
    return routes[path];
  };
  return { fetchJson, paths };
}

// Each test is a new tab: its own org cache, passed in.
let cache: OrgCache;
beforeEach(() => (cache = { org: null }));

describe('fetchClaude', () => {
  const routes = {
    '/api/organizations': [
      { uuid: 'org-api', capabilities: ['api'] },
      { uuid: 'org-chat', capabilities: ['chat', 'claude_pro'] },
    ],
    [CONV]: {
      uuid: 'c1',
      name: 'Plans',
      is_temporary: false,
      current_leaf_message_uuid: 'a',
      chat_messages: [
        {
          uuid: 'h',
          parent_message_uuid: ROOT_UUID,
          sender: 'human',
          content: [{ type: 'text', text: 'Hi' }],
        },
        {
          uuid: 'a',
          parent_message_uuid: 'h',
          sender: 'assistant',
          content: [{ type: 'text', text: 'Hello' }],
        },
      ],
    },
  };

  it('finds the chat org once, then reads the conversation tree', async () => {
    const { fetchJson, paths } = fake(routes);
    const first = await fetchClaude(fetchJson, 'c1', cache);
    expect(first.ok && first.conversation.turns.map((t) => t.text)).toEqual(['Hi', 'Hello']);
    await fetchClaude(fetchJson, 'c1', cache);
    expect(paths).toEqual(['/api/organizations', CONV, CONV]);
  });

  it('says why when no org can chat or the conversation has another shape', async () => {
    const noChat = await fetchClaude(
      fake({ '/api/organizations': [{ uuid: 'o', capabilities: [] }] }).fetchJson,
      'c1',
      cache,
    );
    expect(noChat).toEqual({ ok: false, reason: 'no organization with the chat capability' });
    const odd = await fetchClaude(
      fake({ ...routes, [CONV]: { uuid: 'c1', turns: [] } }).fetchJson,
      'c1',
      cache,
    );
    expect(!odd.ok && odd.reason).toMatch(/unexpected shape/);
    const missing = await fetchClaude(
      fake({ '/api/organizations': routes['/api/organizations'] }).fetchJson,
      'c1',
      cache,
    );
    expect(!missing.ok && missing.reason).toMatch(/404/);
  });
});
