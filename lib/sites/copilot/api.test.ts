import type { FetchJson } from '../api-types';
import { fetchCopilot, tokenFrom } from './api';

const message = (id: string, type: string, text: string, extra: object = {}) => ({
  id,
  author: { type },
  createdAt: '2026-04-19T10:00:00Z',
  content: [{ type: 'text', text }],
  ...extra,
});

describe('Copilot history JSON', () => {
  it('reads the history oldest first, text parts only, with the signed-in token', async () => {
    const seen: [string, Record<string, string>][] = [];
    const fetchJson: FetchJson = async (path, headers) => {
      seen.push([path, headers]);
      return {
        results: [
          message('m3', 'ai', 'Feed it on Friday night.', {
            content: [
              { type: 'image', url: 'x' },
              { type: 'text', text: 'Feed it on Friday night.' },
            ],
          }),
          message('m2', 'human', 'When should I feed my starter?'),
          message('m1', 'system', 'ignored'),
        ],
      };
    };
    const result = await fetchCopilot(fetchJson, 'pu2zWbJQbra5rKa5pSWKS', 'tok');
    expect(seen).toEqual([
      ['/c/api/conversations/pu2zWbJQbra5rKa5pSWKS/history?api-version=2', { Authorization: 'Bearer tok' }],
    ]);
    if (!result.ok) throw new Error(result.reason);
    expect(result.conversation.turns.map((t) => [t.id, t.role, t.text])).toEqual([
      ['m2', 'user', 'When should I feed my starter?'],
      ['m3', 'assistant', 'Feed it on Friday night.'],
    ]);
  });

  it('follows `next` for a long chat, and asks with no token as a guest', async () => {
    const paths: string[] = [];
    const fetchJson: FetchJson = async (path, headers) => {
      paths.push(path);
      expect(headers).toEqual({});
      return path.includes('cursor=c2')
        ? { results: [message('m1', 'human', 'First')] }
        : { results: [message('m2', 'ai', 'Second')], next: 'c2' };
    };
    const result = await fetchCopilot(fetchJson, 'abcdefgh12', null);
    expect(paths[1]).toBe('/c/api/conversations/abcdefgh12/history?api-version=2&cursor=c2');
    if (!result.ok) throw new Error(result.reason);
    expect(result.conversation.turns.map((t) => t.text)).toEqual(['First', 'Second']);
  });

  it('says why when the call fails or the JSON has another shape', async () => {
    const failing: FetchJson = async () => {
      throw new Error('HTTP 401 from /c/api/conversations/x/history');
    };
    expect(await fetchCopilot(failing, 'abcdefgh12', null)).toEqual({
      ok: false,
      reason: 'HTTP 401 from /c/api/conversations/x/history',
    });
    const odd = await fetchCopilot(async () => ({ messages: [] }), 'abcdefgh12', null);
    expect(!odd.ok && odd.reason).toMatch(/^history JSON had an unexpected shape/);
  });

  it("finds MSAL's access token for Copilot's chat scope, else the first one", () => {
    const entry = (secret: string, target: string) =>
      JSON.stringify({ secret, target, credentialType: 'AccessToken' });
    expect(
      tokenFrom([
        ['msal.account.keys', '[]'],
        ['x-accesstoken-graph', entry('graph', 'User.Read')],
        ['x-accesstoken-chat', entry('chat', 'ChatAI.ReadWrite')],
      ]),
    ).toBe('chat');
    expect(
      tokenFrom([
        ['x-accesstoken-graph', entry('graph', 'User.Read')],
        ['bad-accesstoken', '{'],
      ]),
    ).toBe('graph');
    expect(tokenFrom([])).toBeNull();
  });
});
