// The words the background hands on in the person's language (#37): the block's, and the chat page's (the
// button and an insert's outcome; lib/inject/words.ts).
import type { PageWords } from '../inject/words';
import { wordsOf, type BlockWords } from '../recall/words';
import type { Catalogue } from './catalogue';
import { currentLanguage } from './choice';
import { i18n, loadLanguage } from './i18n';
import type { Language } from './languages';

const made = new Map<Language, BlockWords>();

async function catalogue(lng: Language): Promise<Catalogue> {
  await loadLanguage(lng);
  return (i18n.getResourceBundle(lng, 'translation') ??
    i18n.getResourceBundle('en', 'translation')) as Catalogue;
}

export async function blockWordsFor(lng: Language): Promise<BlockWords> {
  const done = made.get(lng);
  if (done) return done;
  const c = await catalogue(lng);
  const words = wordsOf(lng, c.blockIntro, c.block);
  made.set(lng, words);
  return words;
}

export const blockWordsNow = async (): Promise<BlockWords> => blockWordsFor(await currentLanguage());

export const pageWordsNow = async (): Promise<PageWords> => (await catalogue(await currentLanguage())).page;
