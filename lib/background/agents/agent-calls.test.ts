// Desktop apps in the background (#27): what each tool gives an agent, what it may not get, and who may ask.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Call } from '../../model/agent-wire';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { memoryHost } from '../../past/memory-db';
import { settingsItem } from '../../settings';
import { agentsItem, AGENTS_OFF, agentsStatusItem, recordReport } from '../../store/agents';
import { deleteDb } from '../../store/db';
import { historyOf, listMemories, writeMemory } from '../../store/memories';
import { event, memory } from '../../../test/helpers/records';
import { countTokens } from '../../tokens';
import { handlers } from '../handlers';
import { startStoreFollowers } from '../recall/follow-store';
import { resetRecallIndex } from '../recall/recall-area';
import { finishAsk, questionOf, SAY, startCall } from './answer';
import { answerAsk, askView, resetAsks } from './consent';
import { PENDING_CAP, TOO_MANY } from './agent-tools';

const OFFSCREEN = { url: 'chrome-extension://abc/offscreen.html' };
const OPTIONS = { url: 'chrome-extension://abc/options.html' };
const agent = { name: 'Cursor', version: '1.2' };
const KEY = 'sk-proj-4fJ8dK2mQ9xL7pR3tV6wY1zB5nC0hG8jA2sE4uI7oP9qW3rT';

let id = 1;
const call = (c: Omit<Call, 't' | 'id' | 'agent'>): Call => ({ t: 'call', id: id++, agent, ...c }) as Call;
const run = async (c: Call) => {
  const reply = await startCall({ port: 47310, call: c });
  if ('ask' in reply) throw new Error('asked');
  return reply;
};
const data = async (c: Call) => {
  const r = await run(c);
  if (!r.ok) throw new Error(r.message);
  return r.data as Record<string, unknown>;
};

beforeAll(startStoreFollowers);
beforeAll(() => countTokens('warm'), 60_000);
beforeEach(async () => {
  resetAsks();
  resetRecallIndex(memoryHost());
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
  await agentsItem.setValue({ ...AGENTS_OFF, enabled: true, secret: 'engram-mcp-1.x' });
});

describe('what an agent gets', () => {
  test('search_memory: the lines and block Insert memory would give, redacted, without site-scoped memories', async () => {
    await handlers.addMemory({ text: 'I keep bees in Lisbon.', type: 'profile' }, {});
    await handlers.addMemory({ text: 'My bees API key is ' + KEY, type: 'profile' }, {});
    await handlers.addMemory(
      { text: 'On Claude my bees are a secret.', type: 'profile', scope: 'site:claude' },
      {},
    );
    const found = await data(call({ tool: 'search_memory', args: { query: 'bees' } }));
    const texts = (found.lines as { text: string }[]).map((l) => l.text);
    expect(texts).toContain('I keep bees in Lisbon.');
    expect(JSON.stringify(found)).not.toContain(KEY);
    expect(JSON.stringify(found)).not.toContain('On Claude');
    expect(found.lines).toContainEqual({
      text: 'I keep bees in Lisbon.',
      kind: 'memory',
      type: 'profile',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      site: null,
    });
    expect(found.block).toContain('I keep bees in Lisbon.');
    await agentsItem.setValue({ ...(await agentsItem.getValue()), includeScoped: true });
    const all = await data(call({ tool: 'search_memory', args: { query: 'bees' } }));
    expect(all.lines).toContainEqual(
      expect.objectContaining({ text: 'On Claude my bees are a secret.', site: 'claude' }),
    );
  });

  test('list_memories: active ones newest first, by type and limit, no trash, no Review, nothing scoped', async () => {
    const old = await handlers.addMemory({ text: 'Old fact.', type: 'event' }, {});
    await new Promise((r) => setTimeout(r, 5));
    await handlers.addMemory({ text: 'New\u2028fact with ' + KEY, type: 'preference' }, {});
    const gone = await handlers.addMemory({ text: 'Deleted fact.', type: 'event' }, {});
    await handlers.deleteMemory({ id: gone.id }, {});
    await handlers.addMemory({ text: 'Scoped fact.', type: 'event', scope: 'site:chatgpt' }, {});
    await data(call({ tool: 'remember', args: { text: 'Pending fact.' } }));
    const listed = (await data(call({ tool: 'list_memories', args: {} }))).memories as { text: string }[];
    expect(listed.map((m) => m.text)).toEqual(['New fact with [redacted api key]', 'Old fact.']);
    const events = (await data(call({ tool: 'list_memories', args: { type: 'event', limit: 1 } }))).memories;
    expect(events).toEqual([expect.objectContaining({ text: old.text, type: 'event', scope: 'global' })]);
  });

  test('remember: waits in Review, its source and history name the agent; the same text twice is one proposal', async () => {
    const first = await data(call({ tool: 'remember', args: { text: 'Likes oolong.', type: 'preference' } }));
    expect(first.status).toBe('waiting for review');
    expect(await listMemories('active')).toEqual([]);
    const [pending] = await listMemories('pending');
    expect(pending).toMatchObject({ text: 'Likes oolong.', type: 'preference', priority: 50 });
    expect(pending?.sources).toEqual([
      { site: null, conversationId: null, turnIds: [], url: null, agent: 'Cursor' },
    ]);
    expect(await historyOf(pending!.id)).toEqual([
      expect.objectContaining({ actor: 'agent', agent: 'Cursor', op: 'add' }),
    ]);
    expect((await data(call({ tool: 'remember', args: { text: 'Likes oolong.' } }))).id).toBe(first.id);
    expect(await listMemories('pending')).toHaveLength(1);
  });

  test(`remember: at most ${PENDING_CAP} proposals wait at once`, async () => {
    for (let i = 0; i < PENDING_CAP; i++)
      await data(call({ tool: 'remember', args: { text: `Fact ${i}.` } }));
    expect(await run(call({ tool: 'remember', args: { text: 'One more.' } }))).toEqual({
      ok: false,
      message: TOO_MANY,
    });
  });
});

test('search and list write one date format, YYYY-MM-DD, profile lines included (#34 item 10)', async () => {
  const race = memory({ id: 'race', text: 'Ran the Lisbon half marathon.', type: 'event' });
  await writeMemory(
    { ...race, occurredStart: '2026-03-14T00:00:00.000Z' },
    event({ memoryId: 'race', after: race }),
  );
  const me = memory({
    id: 'me',
    text: 'Lives in Lisbon near the river.',
    mentionedAt: '2026-02-01T09:30:00.000Z',
  });
  await writeMemory(me, event({ id: 'e2', memoryId: 'me', after: me }));
  const found = (await data(call({ tool: 'search_memory', args: { query: 'Lisbon half marathon river' } })))
    .lines as { text: string; date: string }[];
  const listed = (await data(call({ tool: 'list_memories', args: {} }))).memories as {
    text: string;
    date: string;
  }[];
  const dates = (rows: { text: string; date: string }[]) =>
    Object.fromEntries(rows.map((r) => [r.text, r.date]));
  const expected = {
    'Ran the Lisbon half marathon.': '2026-03-14',
    'Lives in Lisbon near the river.': '2026-02-01',
  };
  expect(dates(found)).toEqual(expected);
  expect(dates(listed)).toEqual(expected);
});

describe('scope (#34 item 4)', () => {
  const chat = (id: string, url: string, text: string) => ({
    site: 'chatgpt' as const,
    conversationId: id,
    url,
    title: id,
    strategy: 'page' as const,
    turns: [{ id: 'u1', role: 'user' as const, text, createdAt: '2026-06-01T09:00:00.000Z' }],
  });
  const PROJECT_CHAT = 'https://chatgpt.com/g/g-p-67a1b2c3d4-trip/c/6f0d2c1e-1111-4a2b-9c3d-000000000031';
  const PLAIN_CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-000000000032';

  test('a project chat is quoted to an app only when the person allowed what is kept to one project', async () => {
    const on = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true } };
    await settingsItem.setValue(on);
    const tab = { tab: { id: 1 } };
    await handlers.captureTurns(chat('p', PROJECT_CHAT, 'We rented a cabin near Lake Bled for July.'), {
      url: PROJECT_CHAT,
      ...tab,
    });
    await handlers.captureTurns(chat('q', PLAIN_CHAT, 'We booked the ferry to Hvar for August.'), {
      url: PLAIN_CHAT,
      ...tab,
    });
    const said = async (query: string) =>
      JSON.stringify((await data(call({ tool: 'search_memory', args: { query } }))).lines);
    expect(await said('ferry to Hvar')).toContain('We booked the ferry to Hvar');
    expect(await said('cabin near Lake Bled')).not.toContain('Lake Bled');
    await agentsItem.setValue({ ...(await agentsItem.getValue()), includeScoped: true });
    expect(await said('cabin near Lake Bled')).toContain('We rented a cabin near Lake Bled');
  });
});

describe('consent and the switch', () => {
  test('with the switch off, every tool says so and nothing is read or written', async () => {
    await agentsItem.setValue({ ...(await agentsItem.getValue()), enabled: false });
    expect(await run(call({ tool: 'remember', args: { text: 'x' } }))).toEqual({
      ok: false,
      message: SAY.off,
    });
    expect(await listMemories('pending')).toEqual([]);
  });

  test('Ask me each time: a search waits for the person; no is no, and remember is not asked', async () => {
    await agentsItem.setValue({ ...(await agentsItem.getValue()), askEachTime: true });
    await handlers.addMemory({ text: 'I keep bees.', type: 'profile' }, {});
    const asked = await startCall({
      port: 47310,
      call: call({ tool: 'search_memory', args: { query: 'bees' } }),
    });
    expect(asked).toHaveProperty('ask');
    const ask = (asked as { ask: string }).ask;
    // The window says exactly what the app may read (#34 item 4).
    expect(askView(questionOf(ask))?.reads).toEqual({ scoped: false, pastChats: true, redacted: true });
    answerAsk(questionOf(ask), false);
    expect(await finishAsk(ask)).toEqual({ ok: false, message: SAY.notAllowed });
    const again = (await startCall({ port: 1, call: call({ tool: 'list_memories', args: {} }) })) as {
      ask: string;
    };
    answerAsk(questionOf(again.ask), true);
    expect(await finishAsk(again.ask)).toMatchObject({ ok: true });
    expect(await run(call({ tool: 'remember', args: { text: 'Not asked.' } }))).toMatchObject({ ok: true });
  });
});

test('what apps asked is logged redacted, and Delete everything clears the log, the switch and the secret (#34 item 9)', async () => {
  await agentsStatusItem.setValue({ report: { links: [], refused: [] }, asked: [] });
  await data(call({ tool: 'search_memory', args: { query: `is ${KEY} still valid?` } }));
  await data(call({ tool: 'remember', args: { text: `My key is ${KEY}` } }));
  const logged = await agentsStatusItem.getValue();
  expect(logged.asked).toHaveLength(2);
  expect(JSON.stringify(logged)).not.toContain(KEY);
  expect(logged.asked.map((a) => a.what)).toEqual([
    'My key is [redacted api key]',
    'is [redacted api key] still valid?',
  ]);
  await recordReport({ links: [{ port: 47310, agent, since: '2026-12-01T10:00:00.000Z' }], refused: [] });
  await agentsItem.setValue({ ...(await agentsItem.getValue()), serverPath: '/srv/engram-mcp.js' });
  await handlers.deleteEverything({ confirm: 'DELETE' }, OPTIONS);
  expect(await agentsItem.getValue()).toMatchObject({
    enabled: false,
    secret: null,
    pairedAt: null,
    serverPath: '/srv/engram-mcp.js',
  });
  expect(await agentsStatusItem.getValue()).toEqual({ report: { links: [], refused: [] }, asked: [] });
});

test('each message is taken only from its own extension page', async () => {
  const req = { port: 47310, call: call({ tool: 'list_memories', args: {} }) };
  await expect(handlers.agentCall(req, OPTIONS)).rejects.toThrow(/not allowed/);
  await expect(
    handlers.agentCall(req, { url: 'chrome-extension://abc/preview.html', tab: { id: 1 } }),
  ).rejects.toThrow();
  await expect(handlers.agentCall(req, OFFSCREEN)).resolves.toMatchObject({ ok: true });
  await expect(handlers.newAgentSecret({}, OFFSCREEN)).rejects.toThrow(/not allowed/);
  await expect(handlers.agentAskAnswer({ ask: 'x', allow: true }, OPTIONS)).rejects.toThrow(/not allowed/);
});

test('a new secret is shown once, in its reply; the settings Options reads never hold it', async () => {
  const made = await handlers.newAgentSecret({}, OPTIONS);
  expect(made.secret).toMatch(/^engram-mcp-1\.[A-Za-z0-9_-]{43}$/);
  expect(JSON.stringify(await handlers.getAgents({}, OPTIONS))).not.toContain(made.secret);
  const next = await handlers.newAgentSecret({}, OPTIONS);
  expect(next.secret).not.toBe(made.secret);
  expect((await agentsItem.getValue()).secret).toBe(next.secret);
});
