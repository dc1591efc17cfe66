// Chrome's built-in model, the background's side (#35): the provider's dependencies (the Prompt API and
// chrome.i18n's language detection, both in the service worker), the status Options and the first run show,
// and the download the person starts. The browser downloads the model itself; this worker only watches it,
// writing the monitor's progress to storage so a closed and reopened Options (or a restarted worker, which
// attaches a new monitor) shows where it is. When the model is ready, the waiting jobs run.
import { browser } from 'wxt/browser';
import type { ChromeModelStatus } from '../../model/chrome-model';
import { chromeDownloadItem } from '../../providers/downloads';
import {
  chromeError,
  inLanguage,
  languageModelApi,
  languageName,
  type LanguageModelApi,
} from '../../providers/chrome-api';
import type { ChromeDeps } from '../../providers/chrome';

/** Below this share of the text, chrome.i18n's guess is no guess: the model is asked without a language. */
const SURE = 50;

async function detect(text: string): Promise<string | null> {
  const found = await browser.i18n.detectLanguage(text);
  const top = [...found.languages].sort((a, b) => b.percentage - a.percentage)[0];
  if (!top || top.language === 'und' || top.percentage < SURE) return null;
  return top.language;
}

export function chromeDeps(scope: object = globalThis): ChromeDeps {
  return { api: languageModelApi(scope), detect };
}

async function languagesOf(api: LanguageModelApi, tags: readonly string[]) {
  const unique = [...new Set(tags.map((t) => t.split('-')[0] ?? t))].slice(0, 6);
  return Promise.all(
    unique.map(async (tag) => ({
      tag,
      name: languageName(tag),
      reads: (await api.availability(inLanguage(tag))) !== 'unavailable',
    })),
  );
}

let watching: Promise<void> | null = null;

/**
 * Starts the download (or, when the browser is already downloading, watches it): create() with a monitor,
 * then the session is destroyed at once. One per worker; `ready` runs once the model is there.
 */
export function downloadChromeModel(api: LanguageModelApi, ready: () => Promise<unknown>): Promise<void> {
  watching ??= (async () => {
    await chromeDownloadItem.setValue({ loaded: 0, error: null });
    const session = await api.create({
      monitor: (m) =>
        m.addEventListener(
          'downloadprogress',
          (e) => void chromeDownloadItem.setValue({ loaded: e.loaded, error: null }),
        ),
    });
    session.destroy();
    await chromeDownloadItem.setValue({ loaded: 1, error: null });
    await ready();
  })()
    .catch((e: unknown) => chromeDownloadItem.setValue({ loaded: 0, error: chromeError(e).message }))
    .finally(() => (watching = null));
  return watching;
}

export async function chromeModelStatus(
  scope: object,
  languages: readonly string[],
  ready: () => Promise<unknown>,
): Promise<ChromeModelStatus> {
  const api = languageModelApi(scope);
  if (!api) return { state: 'absent', download: null, languages: [] };
  const state = await api.availability();
  // A download this worker is not watching (Options closed, worker restarted): watch it again.
  if (state === 'downloading' && !watching) void downloadChromeModel(api, ready);
  return {
    state,
    download: await chromeDownloadItem.getValue(),
    languages: await languagesOf(api, languages),
  };
}
