import { loadExport } from '../../../test/fixtures/exports/load';
import type { FetchJson } from '../api-types';
import { looksLikeChatgptExport } from '../chatgpt/export';
import { fetchDeepseek, tokenFrom } from './api';
import { looksLikeDeepseekExport, parseDeepseekExport } from './export';

// The shape of a real raw `history_messages` answer (ceyaima/deepseek-exporter's sample of 2025-11): message 3
// regenerates message 2's answer, and the session's current message is on that branch.
const message = (
  id: number,
  parent: number | null,
  role: string,
  fragments: object[],
  extra: object = {},
) => ({
  message_id: id,
  parent_id: parent,
  model: '',
  role,
  status: 'FINISHED',
  inserted_at: 1763826114.569 + id,
  fragments,
  ...extra,
});
const history = {
  code: 0,
  msg: '',
  data: {
    biz_code: 0,
    biz_msg: '',
    biz_data: {
      chat_session: {
        id: 's-1',
        title: 'Herbs',
        current_message_id: 4,
        inserted_at: 1763826110.639,
        pinned: false,
      },
      chat_messages: [
        message(1, null, 'USER', [{ id: 1, type: 'REQUEST', content: 'What grows in shade?' }]),
        message(2, 1, 'ASSISTANT', [{ id: 1, type: 'RESPONSE', content: 'First try.' }]),
        message(3, 1, 'ASSISTANT', [
          { id: 1, type: 'THINK', content: 'The user wants shade plants.' },
          { id: 2, type: 'SEARCH', content: '' },
          { id: 3, type: 'RESPONSE', content: 'Mint and parsley.[citation:2] Chives too.[citation:5]' },
        ]),
        // before fragments (early 2025): content and thinking_content on the message
        message(4, 3, 'USER', [], { fragments: undefined, content: 'And basil?', thinking_content: null }),
      ],
    },
  },
};

function fake(answer: unknown): { fetchJson: FetchJson; calls: [string, Record<string, string>][] } {
  const calls: [string, Record<string, string>][] = [];
  return {
    calls,
    fetchJson: async (path, headers) => {
      calls.push([path, headers]);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

describe('DeepSeek conversation JSON', () => {
  it('walks from the current message to the root with the page token: no reasoning, search or citations', async () => {
    const { fetchJson, calls } = fake(history);
    const result = await fetchDeepseek(fetchJson, 's-1', 'tok');
    expect(calls).toEqual([
      ['/api/v0/chat/history_messages?chat_session_id=s-1', { Authorization: 'Bearer tok' }],
    ]);
    expect(result.ok && result.conversation.turns.map((t) => [t.id, t.role, t.text])).toEqual([
      ['1', 'user', 'What grows in shade?'],
      ['3', 'assistant', 'Mint and parsley. Chives too.'],
      ['4', 'user', 'And basil?'],
    ]);
    expect(result.ok && result.conversation).toMatchObject({ id: 's-1', title: 'Herbs', private: false });
    expect(result.ok && result.conversation.turns[0]?.createdAt).toBe('2025-11-22T15:41:55.569Z');
  });

  it('says why: signed out, refused by the site, a broken branch, a foreign shape, a network error', async () => {
    expect(await fetchDeepseek(fake(history).fetchJson, 's-1', null)).toEqual({
      ok: false,
      reason: expect.stringMatching(/signed out/),
    });
    const refused = { code: 0, data: { biz_code: 40003, biz_msg: 'INVALID_TOKEN', biz_data: null } };
    expect(await fetchDeepseek(fake(refused).fetchJson, 's', 't')).toEqual({
      ok: false,
      reason: expect.stringMatching(/INVALID_TOKEN \(code 40003\)/),
    });
    const broken = structuredClone(history);
    broken.data.biz_data.chat_session.current_message_id = 99;
    expect(await fetchDeepseek(fake(broken).fetchJson, 's', 't')).toMatchObject({
      ok: false,
      reason: /root/,
    });
    expect(
      await fetchDeepseek(fake({ data: { biz_data: { sessions: [] } } }).fetchJson, 's', 't'),
    ).toMatchObject({
      ok: false,
      reason: /unexpected shape/,
    });
    expect(await fetchDeepseek(fake(new Error('HTTP 401')).fetchJson, 's', 't')).toEqual({
      ok: false,
      reason: 'HTTP 401',
    });
  });

  it('reads the token the page keeps in localStorage, and nothing else', () => {
    expect(tokenFrom('{"value":"abc","__version":"0"}')).toBe('abc');
    expect([tokenFrom(null), tokenFrom('abc'), tokenFrom('{"value":""}'), tokenFrom('[1]')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('DeepSeek data export (test/fixtures/exports/deepseek-export.json)', () => {
  const raw = loadExport('deepseek-export.json');

  it('is told apart from a ChatGPT export, which also has a mapping', () => {
    expect(looksLikeDeepseekExport(raw)).toBe(true);
    expect(looksLikeChatgptExport(raw)).toBe(false);
    expect(looksLikeDeepseekExport([{ mapping: {}, create_time: 1 }])).toBe(false);
  });

  it('reads the newest branch, the request and the answer, never reasoning, search or citations', () => {
    const result = parseDeepseekExport(raw);
    expect(result.conversations.map((c) => [c.site, c.id, c.title, c.url])).toEqual([
      [
        'deepseek',
        'd5e6f7a8-0000-4000-8000-000000000001',
        'Balcony herbs',
        'https://chat.deepseek.com/a/chat/s/d5e6f7a8-0000-4000-8000-000000000001',
      ],
    ]);
    expect(result.conversations[0]?.turns).toEqual([
      {
        id: '1',
        role: 'user',
        text: 'My balcony faces north. What herbs will grow?',
        createdAt: '2026-03-29T20:49:37.018Z',
      },
      {
        id: '3',
        role: 'assistant',
        text: 'Mint, parsley and chives do well in shade.',
        createdAt: '2026-03-29T20:50:10.000Z',
      },
      { id: '4', role: 'user', text: 'Thanks!', createdAt: '2026-03-29T20:51:00.000Z' },
    ]);
    expect(result.skipped).toEqual([
      { title: 'Empty', reason: 'no visible turns' },
      { title: 'Broken', reason: 'unexpected shape' },
    ]);
  });
});
