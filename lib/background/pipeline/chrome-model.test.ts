// Chrome's built-in model as Options sees it (#35): availability states, a download whose progress lands in
// storage (so it outlives Options and is picked up again by a restarted worker), and the languages the API
// says it reads among the browser's own.
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  installFakeLanguageModel,
  type FakeConfig,
  type FakeRecord,
} from '../../../test/fakes/language-model';
import { languageModelApi } from '../../providers/chrome-api';
import { chromeDownloadItem } from '../../providers/downloads';
import { chromeModelStatus, downloadChromeModel } from './chrome-model';

const g = globalThis as { LanguageModel?: unknown; __fakeLanguageModel?: FakeRecord };
afterEach(() => {
  delete g.LanguageModel;
  delete g.__fakeLanguageModel;
});

const fake = (over: Partial<FakeConfig> = {}) =>
  installFakeLanguageModel({
    availability: 'available',
    languages: ['en', 'es', 'ja'],
    inputQuota: 6000,
    replies: [],
    ...over,
  });

describe('status', () => {
  test('no Prompt API: absent, nothing else asked', async () => {
    expect(await chromeModelStatus(globalThis, ['en'], vi.fn())).toEqual({
      state: 'absent',
      download: null,
      languages: [],
    });
  });

  test.each(['unavailable', 'downloadable', 'available'] as const)(
    '%s is reported as the API says',
    async (state) => {
      fake({ availability: state });
      expect((await chromeModelStatus(globalThis, ['en-US'], vi.fn())).state).toBe(state);
    },
  );

  test("the browser's languages, each as the API answers: read from the API, not a list of ours", async () => {
    fake({ languages: ['en', 'ja'] });
    const status = await chromeModelStatus(globalThis, ['fr-FR', 'en-GB', 'en-US', 'ja'], vi.fn());
    expect(status.languages).toEqual([
      { tag: 'fr', name: 'French', reads: false },
      { tag: 'en', name: 'English', reads: true },
      { tag: 'ja', name: 'Japanese', reads: true },
    ]);
  });
});

describe('download', () => {
  test('progress from the monitor is stored as it comes, the session destroyed, and waiting jobs run', async () => {
    fake({ availability: 'downloadable', downloadStepMs: 1 });
    const seen: number[] = [];
    const stop = chromeDownloadItem.watch((d) => d && seen.push(d.loaded));
    const ready = vi.fn(async () => 0);
    await downloadChromeModel(languageModelApi()!, ready);
    stop();
    expect(seen).toEqual(expect.arrayContaining([0.25, 0.5, 0.75, 1]));
    expect(await chromeDownloadItem.getValue()).toEqual({ loaded: 1, error: null });
    expect(g.__fakeLanguageModel!.destroyed).toBe(g.__fakeLanguageModel!.created);
    expect(ready).toHaveBeenCalledOnce();
    expect((await chromeModelStatus(globalThis, [], vi.fn())).state).toBe('available');
  });

  test('a download the browser runs but this worker does not watch (Options closed, worker restarted) is watched again on status', async () => {
    fake({ availability: 'downloading', downloadStepMs: 1 });
    const ready = vi.fn(async () => 0);
    const status = await chromeModelStatus(globalThis, [], ready);
    expect(status.state).toBe('downloading');
    await expect.poll(() => ready.mock.calls.length).toBe(1);
    expect(await chromeDownloadItem.getValue()).toEqual({ loaded: 1, error: null });
  });

  test('a failed download is stored in plain words', async () => {
    fake({ availability: 'downloadable' });
    const api = languageModelApi()!;
    vi.spyOn(api, 'create').mockRejectedValueOnce(
      new DOMException('Not enough disk space.', 'NotAllowedError'),
    );
    await downloadChromeModel(api, vi.fn());
    expect(await chromeDownloadItem.getValue()).toEqual({
      loaded: 0,
      error: "Chrome's built-in model declined: Not enough disk space.",
    });
  });
});
