// Every index follows every delete, restore and import at once, without a worker restart (#12): the
// memory index, the past-turn index and the embedding sync hear lib/store/changes.ts.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { event, memory } from '../../../test/helpers/records';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { settingsItem } from '../../settings';
import { onStoreChange, type StoreChange } from '../../store/changes';
import { deleteDb } from '../../store/db';
import { countTokens } from '../../tokens';
import { watchStoredMemories } from './embedding-sync';
import { handlers } from '../handlers';
import { memoryHost } from '../../past/memory-db';
import { resetRecallIndex } from './recall-area';
import { startStoreFollowers } from './follow-store';

const ext = { url: 'chrome-extension://engram-test/options.html' };
const ask = (draft: string) =>
  handlers.recallPreview(
    { site: 'chatgpt', draft, recent: [], scope: null, budgetTokens: null, exclude: [], conversationId: 'x' },
    ext,
  );
const texts = async (draft: string) => (await ask(draft)).lines.map((l) => l.text);

const trip = {
  site: 'claude' as const,
  conversationId: 'trip',
  url: 'https://claude.ai/chat/trip',
  title: 'Trip',
  strategy: 'api' as const,
  complete: true,
  turns: [
    {
      id: 'u1',
      role: 'user' as const,
      text: 'We rented a cabin near Lake Bled for July.',
      createdAt: '2026-06-01T09:00:00.000Z',
    },
  ],
};
const rawTurnsOn = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true } };

// The tokenizer's one-time build (~1 s, far more on a loaded machine) happens here, not in the first test.
// The background starts these at every wake (entrypoints/background.ts); so does this file.
beforeAll(startStoreFollowers);

beforeAll(() => countTokens('warm'), 60_000);

beforeEach(async () => {
  resetRecallIndex(memoryHost());
  await deleteDb();
  await settingsItem.setValue(rawTurnsOn);
});

describe('the past-turn index', () => {
  test('a deleted conversation is no longer quoted', async () => {
    await handlers.captureTurns(trip, { url: trip.url, tab: { id: 1 } });
    expect(await texts('cabin Lake Bled')).toEqual(['Me: We rented a cabin near Lake Bled for July.']);
    await handlers.deleteConversation({ key: 'claude:trip', removeMemories: true }, ext);
    expect(await texts('cabin Lake Bled')).toEqual([]);
  });

  test('Delete everything empties it', async () => {
    await handlers.captureTurns(trip, { url: trip.url, tab: { id: 1 } });
    expect(await texts('cabin Lake Bled')).toHaveLength(1);
    await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
    expect(await texts('cabin Lake Bled')).toEqual([]);
  });

  test('an imported conversation is quoted at once', async () => {
    expect(await texts('cabin Lake Bled')).toEqual([]);
    const { site, conversationId: id, url, title, turns } = trip;
    await handlers.importChunk(
      { exact: false, conversations: [{ site, id, url, title, turns }], memories: [] },
      ext,
    );
    expect(await texts('cabin Lake Bled')).toEqual(['Me: We rented a cabin near Lake Bled for July.']);
  });
});

describe('the memory index', () => {
  test('an imported memory older than the newest one seen is recalled at once', async () => {
    await handlers.addMemory({ text: 'I keep bees.', type: 'profile' }, ext);
    expect(await texts('bees')).toEqual(['I keep bees.']);
    const old = memory({ id: 'old', text: 'My hives are in Lyon.', updatedAt: '2020-01-01T00:00:00.000Z' });
    const history = [event({ id: 'old-e', memoryId: 'old', after: old })];
    await handlers.importChunk({ exact: true, conversations: [], memories: [{ ...old, history }] }, ext);
    expect(await texts('hives')).toEqual(['My hives are in Lyon.']);
  });

  test('the embedding sync hears memory writes, purges and Delete everything, not captures', async () => {
    const heard: string[] = [];
    const all: StoreChange['kind'][] = [];
    const stops = [watchStoredMemories(() => heard.push('sync')), onStoreChange((c) => all.push(c.kind))];
    const m = await handlers.addMemory({ text: 'I keep bees.', type: 'profile' }, ext);
    await handlers.deleteMemory({ id: m.id }, ext);
    await handlers.purgeMemory({ id: m.id }, ext);
    await handlers.captureTurns(trip, { url: trip.url, tab: { id: 1 } });
    await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
    stops.forEach((stop) => stop());
    expect(all).toEqual(['memories', 'memories', 'memoriesPurged', 'turns', 'cleared']);
    expect(heard).toHaveLength(4);
  });
});
