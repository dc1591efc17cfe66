// The words the background hands on in the person's language (#37): the block's, and the chat page's (the
// button and an insert's outcome; lib/inject/words.ts). Only these three entries of each catalogue are bundled
// into the service worker, read at build time: all ten catalogues with i18next made background.js 1.39 MB where
// these entries alone are a few kB a language, and the worker loads its whole script at every wake.
import type { PageWords } from '../inject/words';
import { wordsOf, type BlockWords } from '../recall/words';
import type { Catalogue } from './catalogue';
import { currentLanguage } from './choice';
import { FALLBACK, type Language } from './languages';

const glob = {
  intro: import.meta.glob<Catalogue['blockIntro']>('../../locales/*.json', {
    import: 'blockIntro',
    eager: true,
  }),
  block: import.meta.glob<Catalogue['block']>('../../locales/*.json', { import: 'block', eager: true }),
  page: import.meta.glob<Catalogue['page']>('../../locales/*.json', { import: 'page', eager: true }),
};

/** A language's entry, or English's where the language has no catalogue. */
function entry<K extends keyof typeof glob>(key: K, lng: Language): (typeof glob)[K][string] {
  const all = glob[key] as Record<string, (typeof glob)[K][string]>;
  const found = all[`../../locales/${lng}.json`] ?? all[`../../locales/${FALLBACK}.json`];
  if (found === undefined) throw new Error(`locales/${FALLBACK}.json has no "${key}"`);
  return found;
}

const made = new Map<Language, BlockWords>();

export async function blockWordsFor(lng: Language): Promise<BlockWords> {
  const done = made.get(lng);
  if (done) return done;
  const known = glob.block[`../../locales/${lng}.json`] ? lng : FALLBACK;
  const words = wordsOf(known, entry('intro', known), entry('block', known));
  made.set(lng, words);
  return words;
}

export const blockWordsNow = async (): Promise<BlockWords> => blockWordsFor(await currentLanguage());

export const pageWordsNow = async (): Promise<PageWords> => entry('page', await currentLanguage());
