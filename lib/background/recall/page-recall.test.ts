import { browser } from 'wxt/browser';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { languageItem } from '../../i18n/choice';
import type { RecallReply, RecallRequest } from '../../model/messages';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { memoryHost } from '../../past/memory-db';
import { settingsItem } from '../../settings';
import { deleteDb } from '../../store/db';
import { handlers } from '../handlers';
import { frames } from '../preview/preview-frames';
import { startStoreFollowers } from './follow-store';
import { earlyRecalls, pageRecall } from './page-recall';
import { recallArea, resetRecallIndex } from './recall-area';

const context = { site: 'chatgpt' as const, draft: 'my bees', recent: [], scope: null, conversationId: 'c1' };
const firstAsk: RecallRequest = { ...context, budgetTokens: null, exclude: [] };
const reply = (text: string): RecallReply => ({
  ...{ mode: 'draft' as const, lines: [], text, tokens: 0, budgetTokens: 600, leftOut: 0 },
});

describe('earlyRecalls', () => {
  test("a tab's first ask takes the recall its open began, once; any other ask is recalled anew", async () => {
    let at = 0;
    const recall = vi.fn(async (req: RecallRequest) => reply(req.draft));
    const calls = earlyRecalls(recall, () => at);
    calls.begin(4, context);
    expect(calls.take(5, firstAsk)).toBeUndefined();
    expect(await calls.take(4, firstAsk)).toEqual(reply('my bees'));
    expect(calls.take(4, firstAsk)).toBeUndefined();
    for (const other of [{ budgetTokens: 200 }, { exclude: ['m1'] }, { draft: 'my bee' }, { scope: 'x' }]) {
      calls.begin(4, context);
      expect(calls.take(4, { ...firstAsk, ...other })).toBeUndefined();
    }
    calls.begin(4, context);
    calls.drop();
    expect(calls.take(4, firstAsk)).toBeUndefined();
    calls.begin(4, context);
    at += 5_000;
    expect(calls.take(4, firstAsk)).toBeUndefined();
    expect(recall).toHaveBeenCalledTimes(7);
  });
});

// As the background runs it: the open begins the recall, and any change it depends on drops it.
describe('a recall begun at the open', () => {
  let stop: () => void;
  beforeAll(() => void (stop = startStoreFollowers()));
  afterAll(() => stop());
  /** The index's ops of this test's area. */
  const asked: string[] = [];
  beforeEach(async () => {
    const host = memoryHost();
    asked.length = 0;
    resetRecallIndex((op) => (asked.push(op.op), host(op)));
    await deleteDb();
    await settingsItem.setValue(DEFAULT_SETTINGS);
    await handlers.addMemory({ text: 'I keep bees on my roof in Lyon.', type: 'profile' }, {});
  });
  const open = () => frames.show(context, { tab: { id: 4 } }).catch(() => undefined);
  const texts = async (r: Promise<RecallReply> | undefined) => (await r)?.lines.map((l) => l.text);

  test("a bound frame's first ask is answered by it, with no second query to the index", async () => {
    asked.length = 0;
    const page = { tab: { id: 4 }, frameId: 0, url: 'https://chatgpt.com/c/c1' };
    const frame = { tab: { id: 4 }, frameId: 7, url: `${browser.runtime.getURL('/')}preview.html#t` };
    const { token } = await frames.register(page);
    expect((await frames.hello(token, frame)).ok).toBe(true);
    await handlers.previewShow({ context }, page).catch(() => undefined);
    const reply = await handlers.recallPreview(firstAsk, frame);
    expect(reply.lines.map((l) => l.text)).toEqual(['I keep bees on my roof in Lyon.']);
    expect(asked.filter((op) => op === 'memQuery')).toEqual(['memQuery']);
    await expect(handlers.recallPreview(firstAsk, { ...frame, frameId: 8 })).rejects.toThrow(/not opened/);
  });

  test("is the frame's answer when nothing changed", async () => {
    await open();
    const begun = recallArea().early.take(4, firstAsk);
    expect(await texts(begun)).toEqual(['I keep bees on my roof in Lyon.']);
    expect(await texts(begun)).toEqual(await texts(pageRecall(recallArea(), firstAsk)));
  });

  test('is dropped by a memory written before the frame asks, and by a change of the settings', async () => {
    await open();
    await handlers.addMemory({ text: 'My bees swarmed in June.', type: 'event' }, {});
    expect(recallArea().early.take(4, firstAsk)).toBeUndefined();
    expect(await texts(pageRecall(recallArea(), firstAsk))).toContain('My bees swarmed in June.');
    // The storage's change event arrives a task after the write, as in the browser.
    const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
    await open();
    await settingsItem.setValue({
      ...DEFAULT_SETTINGS,
      recall: { ...DEFAULT_SETTINGS.recall, budgetTokens: 300 },
    });
    await turn();
    expect(recallArea().early.take(4, firstAsk)).toBeUndefined();
    await open();
    await languageItem.setValue('fr');
    await turn();
    expect(recallArea().early.take(4, firstAsk)).toBeUndefined();
    await languageItem.setValue('auto');
  });
});
