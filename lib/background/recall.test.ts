import { beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings';
import { settingsItem } from '../settings';
import { resetDbForTests } from '../store/db';
import { handlers } from './handlers';
import { recallIndex, resetRecallIndex, setRecallEmbedder } from './recall';

const ask = (draft: string, over = {}) =>
  handlers.recallPreview(
    { site: 'chatgpt', draft, recent: [], scope: null, budgetTokens: null, exclude: [], ...over },
    {},
  );

beforeEach(async () => {
  resetRecallIndex();
  await resetDbForTests();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

describe('recall in the background', () => {
  test('the index is built once and then follows each write', async () => {
    await handlers.addMemory({ text: 'I keep bees on my roof in Lyon.', type: 'profile' }, {});
    expect((await ask('beekeeping tips')).lines.map((l) => l.text)).toEqual([]);
    expect((await ask('my bees')).lines.map((l) => l.text)).toEqual(['I keep bees on my roof in Lyon.']);
    const index = await recallIndex();
    const later = await handlers.addMemory({ text: 'My bees swarmed in June.', type: 'event' }, {});
    expect(await recallIndex()).toBe(index);
    expect(index.size).toBe(2);
    await handlers.deleteMemory({ id: later.id }, {});
    expect((await ask('bees swarmed')).lines.map((l) => l.text)).toEqual(['I keep bees on my roof in Lyon.']);
    expect(await recallIndex()).toBe(index);
  });

  test('the reply lists tokens per line within the budget; the slider budget and removals apply', async () => {
    await handlers.addMemory({ text: 'Answer in British English.', type: 'instruction' }, {});
    const pin = await handlers.addMemory(
      { text: 'My cat is called Miso.', type: 'profile', pinned: true },
      {},
    );
    const reply = await ask('');
    expect(reply.mode).toBe('profile');
    expect(reply.lines.map((l) => [l.section, l.text])).toEqual([
      ['standing', 'Answer in British English.'],
      ['about', 'My cat is called Miso.'],
    ]);
    expect(reply.tokens).toBeLessThanOrEqual(600);
    expect(reply.lines.every((l) => l.tokens > 0)).toBe(true);
    const without = await ask('', { exclude: [pin.id], budgetTokens: 200 });
    expect(without.lines.map((l) => l.text)).toEqual(['Answer in British English.']);
    expect(without.budgetTokens).toBe(200);
    expect(without.text).not.toContain('Miso');
  });

  test('the offer count is null unless "Offer memory on new chats" is on', async () => {
    await handlers.addMemory({ text: 'I am vegetarian.', type: 'preference' }, {});
    expect(await handlers.offerCount({ site: 'claude', scope: null }, {})).toEqual({ count: null });
    await settingsItem.setValue({
      ...DEFAULT_SETTINGS,
      recall: { ...DEFAULT_SETTINGS.recall, offerOnNewChats: true },
    });
    expect(await handlers.offerCount({ site: 'claude', scope: null }, {})).toEqual({ count: 1 });
  });
});

test('with "semantic" on and an embedder set, a memory sharing no word with the draft can be recalled', async () => {
  const toy = (t: string) => [/car|volvo/i.test(t) ? 1 : 0, /car|volvo/i.test(t) ? 0 : 1];
  setRecallEmbedder({ model: 'toy', embed: async (texts) => texts.map(toy) });
  try {
    await handlers.addMemory({ text: 'I drive a Volvo.', type: 'profile' }, {});
    expect((await ask('my car')).lines).toEqual([]);
    await settingsItem.setValue({
      ...DEFAULT_SETTINGS,
      recall: { ...DEFAULT_SETTINGS.recall, semantic: true },
    });
    expect((await ask('my car')).lines.map((l) => l.text)).toEqual(['I drive a Volvo.']);
  } finally {
    setRecallEmbedder(null);
  }
});
