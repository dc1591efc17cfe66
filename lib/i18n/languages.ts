// The languages Engram speaks (#37): one catalogue file each, locales/<code>.json, found here by name. Only
// each file's "language" entry is read eagerly (its own name, for the Settings list); the rest loads on demand.
import type { Catalogue } from './catalogue';

const NAMES = import.meta.glob<Catalogue['language']>('../../locales/*.json', {
  import: 'language',
  eager: true,
});

/** A BCP 47 code, as the file is named: "en", "ja", "zh-CN", "pt-BR". */
export type Language = string;

export const FALLBACK: Language = 'en';

const codeOf = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');

/** Every language with its own name ("日本語"), English first, then by code. */
export const LANGUAGES: readonly { code: Language; name: string }[] = Object.entries(NAMES)
  .map(([path, language]) => ({ code: codeOf(path), name: language.name }))
  .sort((a, b) => (a.code === FALLBACK ? -1 : b.code === FALLBACK ? 1 : a.code.localeCompare(b.code)));

const CODES = new Set(LANGUAGES.map((l) => l.code));

export const isLanguage = (code: string): code is Language => CODES.has(code);

/**
 * The catalogue for the browser's preferred languages: an exact match first ("pt-BR"), then the language alone
 * ("pt-PT" → "pt-BR", "zh-HK" → "zh-TW", "zh" → "zh-CN"), then English.
 */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const wanted of preferred) {
    const exact = LANGUAGES.find((l) => l.code.toLowerCase() === wanted.toLowerCase());
    if (exact) return exact.code;
    const base = wanted.split('-')[0]?.toLowerCase();
    if (base === 'zh') return /-(TW|HK|MO|Hant)/i.test(wanted) ? 'zh-TW' : 'zh-CN';
    const same = LANGUAGES.find((l) => l.code.split('-')[0]?.toLowerCase() === base);
    if (same) return same.code;
  }
  return FALLBACK;
}

/** The person's choice in Settings ("auto" or a code) against the browser's languages. */
export function resolveLanguage(choice: string, preferred: readonly string[]): Language {
  return choice !== 'auto' && isLanguage(choice) ? choice : matchLanguage(preferred);
}
