// One i18next instance per page or worker (#37). English is bundled (the fallback, and what tests read); every
// other catalogue is its own chunk, loaded when chosen, so a page carries one language beyond English.
import i18next, { type i18n as I18n } from 'i18next';
import en from '../../locales/en.json';
import { addFormatters } from './formatters';
import { FALLBACK, type Language } from './languages';

const LOADERS = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');

function create(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: FALLBACK,
    fallbackLng: FALLBACK,
    resources: { [FALLBACK]: { translation: en } },
    // React escapes on render, and the block is plain text: i18next's own HTML escaping would show "&amp;".
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  addFormatters(instance);
  return instance;
}

export const i18n: I18n = create();

/** Loads a catalogue once; a code with no file (an old stored choice) stays on English. */
export async function loadLanguage(code: Language, target: I18n = i18n): Promise<void> {
  if (target.hasResourceBundle(code, 'translation')) return;
  const load = LOADERS[`../../locales/${code}.json`];
  if (!load) return;
  target.addResourceBundle(code, 'translation', (await load()).default, true, true);
}

/** Loads and switches; every `useTranslation` re-renders, nothing reloads. */
export async function switchLanguage(code: Language, target: I18n = i18n): Promise<void> {
  await loadLanguage(code, target);
  if (target.language !== code) await target.changeLanguage(code);
}
