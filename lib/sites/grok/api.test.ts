import type { FetchJson } from '../api-types';
import { fetchGrok } from './api';
import { visibleBranch } from './payload';

const ID = '6f0d2c1e-0a1b-4c3d-8e9f-0123456789ab';
const chat = (extra: object = {}) => ({
  conversation: { conversationId: ID, title: 'Balcony herbs', createTime: '2026-05-01T10:00:00Z', ...extra },
});
const node = (responseId: string, sender: string, parentResponseId?: string) => ({
  responseId,
  sender,
  ...(parentResponseId ? { parentResponseId } : {}),
});
const response = (responseId: string, sender: string, message: string, extra: object = {}) => ({
  responseId,
  sender,
  message,
  createTime: '2026-05-01T10:00:01Z',
  ...extra,
});

function fake(answers: Record<string, unknown>): { fetchJson: FetchJson; calls: [string, string?][] } {
  const calls: [string, string?][] = [];
  const fetchJson: FetchJson = async (path, _headers, body) => {
    calls.push(body === undefined ? [path] : [path, body]);
    const key = Object.keys(answers).find((k) => path.includes(k));
    if (!key) throw new Error(`HTTP 404 from ${path}`);
    return answers[key];
  };
  return { fetchJson, calls };
}

describe('Grok conversation JSON', () => {
  it('reads the chat, its response tree, then the responses of the branch the page shows', async () => {
    // r3 regenerated r2: the branch is r1, r3 (the newest), and r2 is never read.
    const nodes = [node('r1', 'human'), node('r2', 'ASSISTANT', 'r1'), node('r3', 'ASSISTANT', 'r1')];
    const { fetchJson, calls } = fake({
      conversations_v2: chat(),
      'response-node': { responseNodes: nodes },
      'load-responses': {
        responses: [
          response('r1', 'human', 'My balcony faces north.'),
          response('r3', 'ASSISTANT', 'Mint copes with shade.', { thinkingTrace: 'hidden' }),
        ],
      },
    });
    const result = await fetchGrok(fetchJson, ID);
    expect(calls).toEqual([
      [`/rest/app-chat/conversations_v2/${ID}?includeWorkspaces=true&includeTaskResult=true`],
      [`/rest/app-chat/conversations/${ID}/response-node?includeThreads=true`],
      [`/rest/app-chat/conversations/${ID}/load-responses`, JSON.stringify({ responseIds: ['r1', 'r3'] })],
    ]);
    expect(result).toEqual({
      ok: true,
      conversation: {
        id: ID,
        title: 'Balcony herbs',
        private: false,
        createdAt: '2026-05-01T10:00:00.000Z',
        project: null,
        turns: [
          { id: 'r1', role: 'user', text: 'My balcony faces north.', createdAt: '2026-05-01T10:00:01.000Z' },
          {
            id: 'r3',
            role: 'assistant',
            text: 'Mint copes with shade.',
            createdAt: '2026-05-01T10:00:01.000Z',
          },
        ],
      },
    });
  });

  it('says a private chat is private, names its project, and leaves a response still being written for later', async () => {
    const { fetchJson } = fake({
      conversations_v2: chat({ temporary: true, workspaces: [{ workspaceId: 'ws-1', name: 'Garden' }] }),
      'response-node': { responseNodes: [node('r1', 'human'), node('r2', 'assistant', 'r1')] },
      'load-responses': {
        responses: [
          response('r1', 'human', 'Hi'),
          response('r2', 'assistant', 'Half an ans', { partial: true }),
        ],
      },
    });
    const result = await fetchGrok(fetchJson, ID);
    if (!result.ok) throw new Error(result.reason);
    expect(result.conversation.private).toBe(true);
    expect(result.conversation.project).toEqual({ id: 'ws-1', name: 'Garden' });
    expect(result.conversation.turns.map((t) => t.id)).toEqual(['r1']);
  });

  it('says why when a call fails or its JSON has another shape', async () => {
    expect(await fetchGrok(fake({}).fetchJson, ID)).toEqual({
      ok: false,
      reason: `HTTP 404 from /rest/app-chat/conversations_v2/${ID}?includeWorkspaces=true&includeTaskResult=true`,
    });
    const odd = fake({ conversations_v2: chat(), 'response-node': { nodes: [] } });
    const result = await fetchGrok(odd.fetchJson, ID);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^response-node JSON had an unexpected shape/);
  });

  it('walks a branch up from its last node, and stops on a loop', () => {
    expect(visibleBranch([])).toEqual([]);
    expect(visibleBranch([node('a', 'human', 'b'), node('b', 'assistant', 'a')])).toEqual(['a', 'b']);
  });
});
