import type { FetchJson } from '../api-types';
import { fetchQwen } from './api';

const ID = '6f0d2c1e-0a1b-4c3d-8e9f-0123456789ab';
const msg = (id: string, role: string, parentId: string | null, extra: object = {}) => ({
  id,
  role,
  parentId,
  content: `${role} ${id}`,
  timestamp: 1_780_000_000,
  ...extra,
});

function chat(messages: ReturnType<typeof msg>[], currentId: string) {
  return {
    success: true,
    data: {
      id: ID,
      title: 'Balcony herbs',
      created_at: 1_780_000_000,
      chat: { history: { messages: Object.fromEntries(messages.map((m) => [m.id, m])), currentId } },
    },
  };
}

describe('Qwen Chat conversation JSON', () => {
  it('reads the branch from the current message up, answer phases only, with the page token', async () => {
    const seen: [string, Record<string, string>][] = [];
    const messages = [
      msg('u1', 'user', null),
      msg('a1', 'assistant', 'u1', { content: 'old answer' }),
      msg('a2', 'assistant', 'u1', {
        content: '',
        content_list: [
          { content: 'Let me think about shade.', phase: 'think' },
          { content: 'Mint copes with shade.', phase: 'answer' },
        ],
      }),
    ];
    const fetchJson: FetchJson = async (path, headers) => {
      seen.push([path, headers]);
      return chat(messages, 'a2');
    };
    const result = await fetchQwen(fetchJson, ID, 'tok');
    expect(seen).toEqual([[`/api/v2/chats/${ID}`, { Authorization: 'Bearer tok' }]]);
    if (!result.ok) throw new Error(result.reason);
    expect(result.conversation.title).toBe('Balcony herbs');
    expect(result.conversation.turns.map((t) => [t.id, t.role, t.text])).toEqual([
      ['u1', 'user', 'user u1'],
      ['a2', 'assistant', 'Mint copes with shade.'],
    ]);
    expect(result.conversation.turns[0]?.createdAt).toBe(new Date(1_780_000_000_000).toISOString());
  });

  it('says why when the site refuses, the call fails or the JSON has another shape', async () => {
    expect(await fetchQwen(async () => ({ success: false, data: chat([], 'x').data }), ID, null)).toEqual({
      ok: false,
      reason: 'chat JSON: the site refused the chat',
    });
    const failing: FetchJson = async () => {
      throw new Error('HTTP 404 from /api/v2/chats/x');
    };
    expect(await fetchQwen(failing, ID, null)).toEqual({
      ok: false,
      reason: 'HTTP 404 from /api/v2/chats/x',
    });
    const odd = await fetchQwen(async () => ({ success: true, data: { id: ID } }), ID, null);
    expect(!odd.ok && odd.reason).toMatch(/^chat JSON had an unexpected shape/);
  });
});
