// The person's language choice (#37): "auto" follows the browser; a code overrides it (an English browser, a
// Japanese chat). Its own storage item, not part of Settings: it applies the moment it is picked, on every open
// Engram page (each watches it), with no Save and no reload.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { resolveLanguage, type Language } from './languages';

export const languageItem = storage.defineItem<string>('local:language', { fallback: 'auto' });

function askUiLanguage(): string | undefined {
  try {
    return browser.i18n.getUILanguage();
  } catch {
    // The unit tests' fake browser has no i18n; navigator's languages stand in.
    return undefined;
  }
}

// Asked once per context: the browser's own language changes only with a restart of the browser, and each ask
// was 2-5 ms of the service worker's CPU in every preview (bench:recall --profile, #39).
let ui: { language: string | undefined } | undefined;
const uiLanguage = () => (ui ??= { language: askUiLanguage() }).language;

/** The browser's own language first, then the person's preferred ones. */
export function browserLanguages(): string[] {
  const ui = uiLanguage();
  const nav = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return [ui, ...nav].filter((l): l is string => typeof l === 'string' && l.length > 0);
}

export async function currentLanguage(): Promise<Language> {
  return resolveLanguage(await languageItem.getValue(), browserLanguages());
}

/** Calls `apply` with the language now and after every change of the choice; returns the unwatch. */
export function watchLanguage(apply: (code: Language) => void): () => void {
  let live = true;
  const read = () => void currentLanguage().then((code) => live && apply(code));
  read();
  const stop = languageItem.watch(read);
  return () => {
    live = false;
    stop();
  };
}
