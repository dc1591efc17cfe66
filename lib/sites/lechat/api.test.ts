import type { FetchJson } from '../api-types';
import { fetchLechat } from './api';

const ok = (json: unknown) => ({ result: { data: { json } } });
const chat = { id: 'c-1', title: 'Sourdough', createdAt: '2026-05-01T10:00:00.000Z', projectId: null };
const msg = (id: string, role: string, createdAt: string | null, extra: object = {}) => ({
  id,
  role,
  chatId: 'c-1',
  content: `${role} ${id}`,
  createdAt,
  ...extra,
});

function fake(pages: unknown[]): { fetchJson: FetchJson; inputs: unknown[] } {
  const inputs: unknown[] = [];
  let page = 0;
  const fetchJson: FetchJson = async (path) => {
    const url = new URL(path, 'https://chat.mistral.ai');
    expect(url.pathname).toBe('/api/trpc/chat.byId,message.all');
    expect(url.searchParams.get('batch')).toBe('1');
    inputs.push(JSON.parse(url.searchParams.get('input') ?? 'null'));
    return pages[page++];
  };
  return { fetchJson, inputs };
}

describe('Le Chat conversation JSON (tRPC batch)', () => {
  it('asks chat.byId and message.all in one batch and reads the messages in the order they were written', async () => {
    const { fetchJson, inputs } = fake([
      [
        ok(chat),
        ok({
          items: [
            msg('a2', 'assistant', '2026-05-01T10:00:05.000Z', {
              content: 'ignored when there are chunks',
              contentChunks: [
                { type: 'text', text: 'Feed it on Friday' },
                { type: 'reference', referenceIds: ['r1'] },
                { type: 'tool_call', name: 'web_search' },
                { type: 'text', text: ' evening.' },
              ],
            }),
            msg('u1', 'user', '2026-05-01T10:00:00.000Z', { content: 'When should I feed my starter?' }),
            msg('s0', 'system', '2026-05-01T09:59:59.000Z'),
          ],
          nextCursor: null,
        }),
      ],
    ]);
    const result = await fetchLechat(fetchJson, 'c-1');
    expect(inputs).toEqual([{ 0: { json: { id: 'c-1' } }, 1: { json: { chatId: 'c-1' } } }]);
    expect(result.ok && result.conversation).toEqual({
      id: 'c-1',
      title: 'Sourdough',
      private: false,
      createdAt: '2026-05-01T10:00:00.000Z',
      project: null,
      turns: [
        {
          id: 'u1',
          role: 'user',
          text: 'When should I feed my starter?',
          createdAt: '2026-05-01T10:00:00.000Z',
        },
        {
          id: 'a2',
          role: 'assistant',
          text: 'Feed it on Friday evening.',
          createdAt: '2026-05-01T10:00:05.000Z',
        },
      ],
    });
  });

  it('follows nextCursor, keeps each message once, and reads the project where the JSON names it', async () => {
    const { fetchJson, inputs } = fake([
      [
        ok({ ...chat, incognito: false, projectId: 'p-9' }),
        ok({ items: [msg('u2', 'user', '2026-05-01T10:01:00.000Z')], nextCursor: 7 }),
      ],
      [
        ok(chat),
        ok({
          items: [
            msg('u1', 'user', '2026-05-01T10:00:00.000Z'),
            msg('u2', 'user', '2026-05-01T10:01:00.000Z'),
          ],
        }),
      ],
    ]);
    const result = await fetchLechat(fetchJson, 'c-1');
    expect(inputs[1]).toEqual({ 0: { json: { id: 'c-1' } }, 1: { json: { chatId: 'c-1', cursor: 7 } } });
    expect(result.ok && result.conversation.turns.map((t) => t.id)).toEqual(['u1', 'u2']);
    expect(result.ok && [result.conversation.private, result.conversation.project]).toEqual([
      false,
      { id: 'p-9', name: null },
    ]);
  });

  it('an incognito chat is private even when message.all fails beside it, or on a later page (#34)', async () => {
    const failedBeside = fake([
      [ok({ ...chat, incognito: true }), { error: { json: { message: 'TIMEOUT' } } }],
    ]);
    expect(await fetchLechat(failedBeside.fetchJson, 'c')).toMatchObject({ ok: false, private: true });
    const later = fake([
      [ok(chat), ok({ items: [msg('u1', 'user', '2026-05-01T10:00:00.000Z')], nextCursor: 2 })],
      [ok({ ...chat, incognito: true }), ok({ items: [] })],
    ]);
    expect(await fetchLechat(later.fetchJson, 'c')).toMatchObject({ ok: false, private: true });
    // chat.byId itself failing says nothing either way: no private word, and the page decides (fail closed).
    const byIdDown = fake([[{ error: { json: { message: 'TIMEOUT' } } }, ok({ items: [] })]]);
    const down = await fetchLechat(byIdDown.fetchJson, 'c');
    expect(down).toMatchObject({ ok: false, reason: /chat\.byId failed/ });
    expect(down).not.toHaveProperty('private');
  });

  it('says why: a failed procedure, a foreign shape, a network error', async () => {
    const failed = await fetchLechat(
      fake([[ok(chat), { error: { json: { message: 'UNAUTHORIZED' } } }]]).fetchJson,
      'c',
    );
    expect(failed).toMatchObject({ ok: false, reason: /message\.all failed.*UNAUTHORIZED/ });
    expect(failed).not.toHaveProperty('private');
    const odd = await fetchLechat(fake([[ok(chat), ok({ messages: [] })]]).fetchJson, 'c');
    expect(odd).toMatchObject({ ok: false, reason: /message\.all JSON had an unexpected shape/ });
    const notBatch = await fetchLechat(fake([{ items: [] }]).fetchJson, 'c');
    expect(notBatch).toMatchObject({ ok: false, reason: /unexpected shape/ });
    const down: FetchJson = async () => {
      throw new Error('HTTP 403 from /api/trpc/chat.byId,message.all');
    };
    expect(await fetchLechat(down, 'c')).toMatchObject({ ok: false, reason: /403/ });
  });
});
