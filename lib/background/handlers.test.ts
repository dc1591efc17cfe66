import { beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings';
import { settingsItem } from '../settings';
import { turnsOf } from '../store/conversations';
import { resetDbForTests } from '../store/db';
import { getMemory, historyOf, listMemories } from '../store/memories';
import { handlers } from './handlers';
import { resetRecallIndex } from './recall';

const tab = { url: 'https://claude.ai/chat/abc', tab: { id: 1 } };
const capture = {
  site: 'claude' as const,
  conversationId: 'abc',
  url: 'https://claude.ai/chat/abc',
  title: 'Plans',
  strategy: 'page' as const,
  turns: [
    { id: 'h:1', role: 'user' as const, text: 'I moved to Porto.', createdAt: null },
    { id: 'h:2', role: 'assistant' as const, text: 'Nice!', createdAt: null },
  ],
};

beforeEach(async () => {
  resetRecallIndex();
  await resetDbForTests();
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
    await expect(handlers.deleteMemory({ id: 'nope' }, {})).rejects.toThrow(/No memory/);
  });
});

describe('capture', () => {
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
        capture: { ...DEFAULT_SETTINGS.capture, sites: { chatgpt: true, claude: false } },
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
