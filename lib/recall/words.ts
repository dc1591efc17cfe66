// The words a block is written in (#37): from the person's language's catalogue (lib/i18n/block-words.ts). The
// English ones are the default for the eval, the bench and tests, read from the English catalogue itself.
import { block, blockIntro } from '../../locales/en.json';
import { costsOf, type BlockCosts } from './block-costs';

export type Section = 'standing' | 'about' | 'context' | 'past';

export interface BlockWords {
  intro: string;
  sections: Record<Section, string>;
  /** "On 8 May 2023:" for a day already said in words. */
  onDay: (day: string) => string;
  /** A UTC day ("2023-05-08") in words: "8 May 2023", "2023年5月8日". */
  day: (isoDay: string) => string;
  /** The label of a past chat's line: the person's ("Me") or a quoted answer ("Quoted AI answer"). */
  me: string;
  answer: string;
  /** What its fixed words cost in tokens (./block-costs.ts). */
  costs: BlockCosts;
}

type Words = typeof block;

/**
 * Words from a catalogue's "block" entries, in the language its file is named for (`code`); `{{day}}` is
 * i18next's placeholder, filled here without it.
 */
export function wordsOf(code: string, intro: string, w: Words): BlockWords {
  const days = new Intl.DateTimeFormat(w.dateLocale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    intro,
    sections: { standing: w.standing, about: w.about, context: w.context, past: w.past },
    onDay: (day) => w.onDay.replace('{{day}}', day),
    day: (isoDay) => days.format(new Date(`${isoDay}T00:00:00Z`)),
    me: w.me,
    answer: w.answer,
    costs: costsOf(code),
  };
}

export const ENGLISH_BLOCK: BlockWords = wordsOf('en', blockIntro, block);
