import type { FetchJson } from '../api-types';
import { accountId, fetchChatgpt } from './api';

const conversation = {
  conversation_id: 'c1',
  title: 'Plans',
  current_node: 'a',
  mapping: {
    u: {
      parent: null,
      message: {
        id: 'u',
        author: { role: 'user' },
        recipient: 'all',
        content: { content_type: 'text', parts: ['Hi'] },
      },
    },
    a: {
      parent: 'u',
      message: {
        id: 'a',
        author: { role: 'assistant' },
        recipient: 'all',
        content: { content_type: 'text', parts: ['Hello'] },
      },
    },
  },
};

function fake(routes: Record<string, unknown>): {
  fetchJson: FetchJson;
  calls: [string, Record<string, string>][];
} {
  const calls: [string, Record<string, string>][] = [];
  const fetchJson: FetchJson = async (path, headers) => {
    calls.push([path, headers]);
    if (!(path in routes)) throw new Error(`HTTP 404 for ${path}`);
    return routes[path];
  };
  return { fetchJson, calls };
}

describe('fetchChatgpt', () => {
  it('gets a token, sends it with the workspace id, and reads the full conversation', async () => {
    const { fetchJson, calls } = fake({
      '/api/auth/session': { accessToken: 'tok', user: {} },
      '/backend-api/conversation/c1': conversation,
    });
    const result = await fetchChatgpt(fetchJson, 'c1', 'a=1; _account=ws-9; b=2');
    expect(result.ok && result.conversation.turns.map((t) => t.text)).toEqual(['Hi', 'Hello']);
    expect(calls[1]).toEqual([
      '/backend-api/conversation/c1',
      { Authorization: 'Bearer tok', 'ChatGPT-Account-Id': 'ws-9' },
    ]);
  });

  it('falls back to the paginated endpoint, oldest page first', async () => {
    const message = (id: string, role: string, text: string) => ({
      id,
      author: { role },
      recipient: 'all',
      content: { content_type: 'text', parts: [text] },
    });
    const { fetchJson, calls } = fake({
      '/api/auth/session': { accessToken: 'tok' },
      '/backend-api/conversation/c1': { detail: 'moved' },
      '/backend-api/conversations/c1?num_turns=100': {
        messages: [message('u2', 'user', 'Second'), message('a2', 'assistant', 'Two')],
        page_info: { has_previous_page: true, start_cursor: 'cur 1' },
      },
      '/backend-api/conversations/c1/messages?before=cur%201': {
        messages: [
          message('s', 'system', ''),
          message('u1', 'user', 'First'),
          message('a1', 'assistant', 'One'),
        ],
        page_info: { has_previous_page: false, start_cursor: null },
      },
    });
    const result = await fetchChatgpt(fetchJson, 'c1', '');
    expect(result.ok && result.conversation.turns.map((t) => t.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(calls).toHaveLength(4);
  });

  it('says why when signed out, or when both endpoints fail', async () => {
    const signedOut = await fetchChatgpt(fake({ '/api/auth/session': {} }).fetchJson, 'c1', '');
    expect(signedOut).toEqual({ ok: false, reason: expect.stringMatching(/access token/) });
    const failing = await fetchChatgpt(
      fake({ '/api/auth/session': { accessToken: 't' } }).fetchJson,
      'c1',
      '',
    );
    expect(failing.ok).toBe(false);
    expect(!failing.ok && failing.reason).toMatch(/404.*paginated.*404/);
  });

  it('reads the workspace cookie, not the personal one', () => {
    expect(accountId('_account=personal')).toBeNull();
    expect(accountId('x_account=no')).toBeNull();
    expect(accountId('_account=abc%2D1')).toBe('abc-1');
  });
});
