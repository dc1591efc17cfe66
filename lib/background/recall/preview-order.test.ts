// #39: the two indexes answer from one worker, one op after another, in the order they arrive. A click's past
// query goes first: its hits' token counts (the offscreen document) and live turns (here) are worked out while the
// worker answers the memory query. With the memory query first the two ran end to end.
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { languageItem } from '../../i18n/choice';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { memoryHost } from '../../past/memory-db';
import { settingsItem } from '../../settings';
import { deleteDb } from '../../store/db';
import { countTokens } from '../../tokens';
import { handlers } from '../handlers';
import { startStoreFollowers } from './follow-store';
import { resetRecallIndex } from './recall-area';

const ask = (draft: string) =>
  handlers.recallPreview(
    {
      site: 'chatgpt',
      conversationId: 'other',
      draft,
      recent: [],
      scope: null,
      budgetTokens: null,
      exclude: [],
    },
    {},
  );

const trip = {
  ...{ site: 'claude' as const, conversationId: 'trip', url: 'https://claude.ai/chat/trip', title: 'Trip' },
  strategy: 'api' as const,
  turns: [
    { id: 'u1', role: 'user' as const, text: 'We rented a cabin near Lake Bled for July.', createdAt: null },
    { id: 'a1', role: 'assistant' as const, text: 'Lovely. Bring a rain jacket.', createdAt: null },
  ],
};

beforeAll(startStoreFollowers);
beforeAll(() => countTokens('warm'), 60_000);

beforeEach(async () => {
  resetRecallIndex();
  await deleteDb();
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true },
  });
});

test('on an open index the past query reaches the worker ahead of the memory query', async () => {
  const host = memoryHost();
  const asked: string[] = [];
  resetRecallIndex((op) => (asked.push(op.op), host(op)));
  await handlers.captureTurns(trip, { url: trip.url, tab: { id: 1 } });
  await handlers.addMemory({ text: 'I pack a rain jacket for every trip.', type: 'preference' }, {});
  await ask('cabin at Lake Bled');
  // In the browser a storage read (the person's language, for the block's words) is a round trip to the browser
  // process, longer than a task: so it is here.
  const read = languageItem.getValue.bind(languageItem);
  vi.spyOn(languageItem, 'getValue').mockImplementation(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return read();
  });
  try {
    for (const draft of ['cabin at Lake Bled', 'a rain jacket', 'rented in July']) {
      asked.length = 0;
      const reply = await ask(draft);
      expect(reply.lines.some((l) => l.section === 'past')).toBe(true);
      expect(asked.filter((op) => op === 'query' || op === 'memQuery')).toEqual(['query', 'memQuery']);
    }
  } finally {
    vi.restoreAllMocks();
  }
});
