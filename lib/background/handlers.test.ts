import { beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings';
import { settingsItem } from '../settings';
import { getConversation, projectScopes, turnsOf } from '../store/conversations';
import { deleteDb } from '../store/db';
import { getMemory, historyOf, listMemories } from '../store/memories';
import { dispatch } from '../messaging/background';
import { EXTENSION_ORIGIN } from '../../test/helpers/background';
import { withMemoryIndex } from '../../test/helpers/index-host';
import { handlers } from './handlers';
import { resetRecallIndex } from './recall/recall-area';

await withMemoryIndex();

const tab = { url: 'https://claude.ai/chat/abc', tab: { id: 1 } };
const capture = {
  site: 'claude' as const,
  conversationId: 'abc',
  url: 'https://claude.ai/chat/abc',
  title: 'Plans',
  // From the site's JSON: Claude's page alone may not vouch for a chat (lib/sites/privacy.ts, #34).
  strategy: 'api' as const,
  confirmed: true,
  turns: [
    { id: 'h:1', role: 'user' as const, text: 'I moved to Porto.', createdAt: null },
    { id: 'h:2', role: 'assistant' as const, text: 'Nice!', createdAt: null },
  ],
};

beforeEach(async () => {
  resetRecallIndex();
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

describe('memories by hand', () => {
  test('add counts tokens once and records an add event by the user', async () => {
    const m = await handlers.addMemory({ text: 'I am vegetarian.', type: 'preference' }, {});
    expect(m).toMatchObject({
      status: 'active',
      confidence: 1,
      proofCount: 1,
      scope: 'global',
      priority: 50,
    });
    expect(m.tokenCount).toBeGreaterThan(2);
    expect((await historyOf(m.id)).map((e) => [e.op, e.actor])).toEqual([['add', 'user']]);
  });

  test('an instruction typed by hand is a standing rule', async () => {
    const m = await handlers.addMemory({ text: 'Answer in British English.', type: 'instruction' }, {});
    expect(m.priority).toBe(-1);
  });

  test('delete is soft and leaves a history entry', async () => {
    const m = await handlers.addMemory({ text: 'I am vegetarian.', type: 'preference' }, {});
    await handlers.deleteMemory({ id: m.id }, {});
    expect((await getMemory(m.id))?.status).toBe('deleted');
    expect(await listMemories('active')).toEqual([]);
    expect((await historyOf(m.id)).map((e) => e.op)).toEqual(['add', 'delete']);
    await expect(handlers.deleteMemory({ id: 'nope' }, {})).rejects.toMatchObject({
      problem: { code: 'memory-gone' },
    });
  });
});

describe('capture', () => {
  test('a chat inside a ChatGPT project keeps the project as its scope, named by the URL', async () => {
    const url = 'https://chatgpt.com/g/g-p-67a1b2c3d4-trip-to-japan/c/6f0d2c1e-1111';
    const inProject = { ...capture, site: 'chatgpt' as const, conversationId: '6f0d2c1e-1111', url };
    await handlers.captureTurns(inProject, { url, tab: { id: 99 } });
    await handlers.captureTurns(capture, tab);
    expect((await getConversation('chatgpt:6f0d2c1e-1111'))?.scope).toBe('project:chatgpt:g-p-67a1b2c3d4');
    expect((await getConversation('claude:abc'))?.scope).toBeNull();
    expect([...(await projectScopes())]).toEqual([['project:chatgpt:g-p-67a1b2c3d4', 'trip to japan']]);
  });

  test('a Perplexity thread keeps the Space its JSON names; a forged project on ChatGPT is not taken (#24)', async () => {
    const url = 'https://www.perplexity.ai/search/porto-trip-x1Y2AbCdEfGh';
    const thread = {
      ...capture,
      site: 'perplexity' as const,
      conversationId: 'porto-trip-x1Y2AbCdEfGh',
      url,
    };
    await handlers.captureTurns(
      { ...thread, project: { id: '14QGVXOgTrmD7SY16xlKRA' } },
      { url, tab: { id: 98 } },
    );
    const chat = 'https://chatgpt.com/c/6f0d2c1e-1112';
    const plain = { ...capture, site: 'chatgpt' as const, conversationId: '6f0d2c1e-1112', url: chat };
    await handlers.captureTurns({ ...plain, project: { id: 'g-p-forged' } }, { url: chat, tab: { id: 97 } });
    expect((await getConversation('perplexity:porto-trip-x1Y2AbCdEfGh'))?.scope).toBe(
      'project:perplexity:14QGVXOgTrmD7SY16xlKRA',
    );
    expect((await getConversation('chatgpt:6f0d2c1e-1112'))?.scope).toBeNull();
  });

  test('stores the turns once', async () => {
    expect(await handlers.captureTurns(capture, tab)).toEqual({ stored: 2, seen: 2, skipped: null });
    expect((await handlers.captureTurns(capture, tab)).stored).toBe(0);
    expect((await turnsOf('claude:abc')).map((t) => t.text)).toEqual(['I moved to Porto.', 'Nice!']);
  });

  test.each([
    ['paused', { ...DEFAULT_SETTINGS, capture: { ...DEFAULT_SETTINGS.capture, paused: true } }, tab],
    [
      'site off',
      {
        ...DEFAULT_SETTINGS,
        capture: { ...DEFAULT_SETTINGS.capture, sites: { claude: false } },
      },
      tab,
    ],
    ['incognito', DEFAULT_SETTINGS, { ...tab, tab: { id: 1, incognito: true } }],
  ])('stores nothing when %s', async (_, settings, sender) => {
    await settingsItem.setValue(settings);
    const reply = await handlers.captureTurns(capture, sender);
    expect(reply.stored).toBe(0);
    expect(reply.skipped).toBeTruthy();
    expect(await turnsOf('claude:abc')).toEqual([]);
  });
});

describe('a site switched off (Settings → Sites, #24)', () => {
  const claudeOff = {
    ...DEFAULT_SETTINGS,
    capture: { ...DEFAULT_SETTINGS.capture, sites: { claude: false } },
  };
  const page = { ...tab, frameId: 0 };

  test('a capture a page sends anyway is refused through the message path; what was captured stays', async () => {
    await handlers.captureTurns(capture, tab);
    await settingsItem.setValue(claudeOff);
    const more = {
      ...capture,
      turns: [...capture.turns, { ...capture.turns[0]!, id: 'h:3', text: 'And Braga.' }],
    };
    const reply = await dispatch('captureTurns', more, page, handlers, EXTENSION_ORIGIN);
    expect(reply).toEqual({ stored: 0, seen: 3, skipped: { code: 'site-off', site: 'claude' } });
    expect((await turnsOf('claude:abc')).map((t) => t.text)).toEqual(['I moved to Porto.', 'Nice!']);
    expect(await handlers.getCaptureStatus({ tabId: 1 }, {})).toMatchObject({ state: 'off', turnsStored: 0 });
    // Another site is not touched by Claude's switch.
    const url = 'https://chatgpt.com/c/c2';
    const other = { ...capture, site: 'chatgpt' as const, conversationId: 'c2', url };
    expect((await handlers.captureTurns(other, { url, tab: { id: 22 } })).stored).toBe(2);
  });

  test('a page that missed the switch and says it is capturing shows as off', async () => {
    await settingsItem.setValue(claudeOff);
    const status = {
      site: 'claude' as const,
      conversationId: 'abc',
      url: capture.url,
      state: 'capturing' as const,
      strategy: 'api' as const,
      turnsSeen: 2,
      turnsStored: 2,
      lastError: null,
      checkedAt: '2026-11-29T12:00:00.000Z',
    };
    await dispatch('reportCaptureStatus', status, page, handlers, EXTENSION_ORIGIN);
    expect(await handlers.getCaptureStatus({ tabId: 1 }, {})).toMatchObject({
      state: 'off',
      lastError: { code: 'site-off', site: 'claude' },
    });
  });

  test("a page learns its own site's switch, whatever site it names; no new-chat offer on a site that is off", async () => {
    await settingsItem.setValue({ ...claudeOff, recall: { ...claudeOff.recall, offerOnNewChats: true } });
    expect(await dispatch('siteSwitch', {}, page, handlers, EXTENSION_ORIGIN)).toMatchObject({
      on: false,
      words: { insert: 'Insert memory' },
    });
    const chatgpt = { url: 'https://chatgpt.com/', tab: { id: 22 }, frameId: 0 };
    expect(await dispatch('siteSwitch', {}, chatgpt, handlers, EXTENSION_ORIGIN)).toMatchObject({ on: true });
    const elsewhere = { url: 'https://example.com/', tab: { id: 23 }, frameId: 0 };
    expect(await dispatch('siteSwitch', {}, elsewhere, handlers, EXTENSION_ORIGIN)).toMatchObject({
      on: false,
    });
    const offer = (site: 'claude' | 'chatgpt', sender: typeof page) =>
      dispatch('offerCount', { site, scope: null }, sender, handlers, EXTENSION_ORIGIN);
    await handlers.addMemory({ text: 'I live in Porto.', type: 'profile' }, {});
    expect(await offer('claude', page)).toEqual({ count: null });
    expect(await offer('chatgpt', page)).toEqual({ count: null });
    expect(await offer('chatgpt', chatgpt)).toEqual({ count: 1 });
  });
});

test('the memory block puts standing rules first and respects the budget', async () => {
  await handlers.addMemory({ text: 'I live in Porto.', type: 'profile' }, {});
  await handlers.addMemory({ text: 'Always answer briefly.', type: 'instruction' }, {});
  const block = await handlers.getMemoryBlock({ site: 'claude' }, tab);
  expect(block.count).toBe(2);
  expect(block.text.split('\n').slice(2, 6)).toEqual([
    'Standing instructions:',
    '- Always answer briefly.',
    'About me:',
    '- I live in Porto.',
  ]);
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, budgetTokens: 100 },
  });
  for (let i = 0; i < 20; i++)
    await handlers.addMemory({ text: `Fact number ${i} about my garden.`, type: 'profile' }, {});
  const small = await handlers.getMemoryBlock({ site: null }, tab);
  expect(small.tokens).toBeLessThanOrEqual(100);
  expect(small.count).toBeLessThan(22);
});

describe('capture health', () => {
  const NO_TURNS = { code: 'no-turns', unread: 0, siteData: null } as const;
  const status = {
    site: 'claude' as const,
    conversationId: 'abc',
    url: 'https://claude.ai/chat/abc',
    state: 'broken' as const,
    strategy: 'none' as const,
    turnsSeen: 0,
    turnsStored: 0,
    lastError: NO_TURNS,
    checkedAt: '2026-11-29T12:00:00.000Z',
  };

  test('a capture becomes the tab status, with strategy and counts', async () => {
    await handlers.captureTurns({ ...capture, strategy: 'api' }, tab);
    expect(await handlers.getCaptureStatus({ tabId: 1 }, {})).toMatchObject({
      state: 'capturing',
      strategy: 'api',
      turnsSeen: 2,
      turnsStored: 2,
      lastError: null,
    });
    expect(await handlers.getCaptureStatus({ tabId: 2 }, {})).toBeNull();
  });

  test('a broken page is kept per tab and listed as a problem; a fallback is listed once', async () => {
    await handlers.reportCaptureStatus(status, tab);
    expect((await handlers.getCaptureStatus({ tabId: 1 }, {}))?.state).toBe('broken');
    await handlers.captureTurns(capture, tab); // the JSON confirmed the chat once; then it fails
    const fallback = { ...capture, strategy: 'page' as const, note: 'conversation JSON: HTTP 404' };
    await handlers.captureTurns(fallback, tab);
    await handlers.captureTurns(fallback, tab);
    const { listCaptureProblems } = await import('../store/status');
    expect((await listCaptureProblems()).map((p) => [p.kind, p.detail])).toEqual([
      ['fallback', 'conversation JSON: HTTP 404'],
      ['broken', NO_TURNS],
    ]);
  });

  test('messages a page could not read are in the tab status and listed as a problem, with the fallback (#36)', async () => {
    await handlers.captureTurns({ ...capture, note: 'conversation JSON: HTTP 404', unread: 2 }, tab);
    expect(await handlers.getCaptureStatus({ tabId: 1 }, {})).toMatchObject({
      state: 'capturing',
      unread: 2,
    });
    const { listCaptureProblems } = await import('../store/status');
    const unread = (await listCaptureProblems()).filter((p) => p.kind === 'unread');
    expect(unread.map((p) => [p.kind, p.detail])).toEqual([
      ['unread', { code: 'unread', count: 2, siteData: 'conversation JSON: HTTP 404' }],
    ]);
  });

  test('a stored conversation that breaks later says so in its own health', async () => {
    await handlers.captureTurns(capture, tab);
    await handlers.reportCaptureStatus(status, tab);
    const { getConversation } = await import('../store/conversations');
    expect((await getConversation('claude:abc'))?.health).toMatchObject({
      strategy: 'none',
      lastError: NO_TURNS,
    });
    expect(await turnsOf('claude:abc')).toHaveLength(2);
  });

  test('paused capture shows as off with the reason, whatever the tab said', async () => {
    await settingsItem.setValue({
      ...DEFAULT_SETTINGS,
      capture: { ...DEFAULT_SETTINGS.capture, paused: true },
    });
    await handlers.reportCaptureStatus({ ...status, state: 'idle', lastError: null }, tab);
    expect(await handlers.getCaptureStatus({ tabId: 1 }, {})).toMatchObject({
      state: 'off',
      lastError: { code: 'capture-paused' },
    });
  });

  test('a temporary-chat URL is refused even if a page sends it', async () => {
    const url = 'https://chatgpt.com/c/abc?temporary-chat=true';
    const reply = await handlers.captureTurns({ ...capture, site: 'chatgpt', url }, { url, tab: { id: 1 } });
    expect(reply.skipped).toEqual({ code: 'temporary-chat' });
  });
});

describe('regenerate', () => {
  test('a complete capture marks the replaced answer superseded', async () => {
    await handlers.captureTurns({ ...capture, complete: true }, tab);
    const regenerated = {
      ...capture,
      complete: true,
      turns: [capture.turns[0]!, { id: 'h:3', role: 'assistant' as const, text: 'Great!', createdAt: null }],
    };
    await handlers.captureTurns(regenerated, tab);
    expect((await turnsOf('claude:abc')).map((t) => [t.text, t.superseded])).toEqual([
      ['I moved to Porto.', false],
      ['Nice!', true],
      ['Great!', false],
    ]);
  });
});
