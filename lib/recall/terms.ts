// How text becomes index terms, shared by the index and the diversity check. Porter stemming (the `stemmer`
// package, wooorm, MIT) lets "hiking" find "hiked" (#5: a paraphrase found through stemming, terms.test.ts).
import { stemmer } from 'stemmer';

// Function words carry no topic. Kept short on purpose: "not", "no" and pronouns that name people stay out
// of this list only where they change meaning; everything here is grammar.
const STOP = new Set(
  (
    'a an the and or but if of at by for with about into onto from to in on off over under up down out as is ' +
    'am are was were be been being do does did doing have has had having i me my mine myself you your yours ' +
    'he him his she her hers it its we us our they them their this that these those there here what which who ' +
    'whom whose when where why how can could would should will shall may might must than then so too very ' +
    'just also any some all each every both either neither such own same other again further once s t ' +
    'd ll m re ve y get got'
  ).split(' '),
);

export const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

// Words repeat far more than they vary, so stems are memoized: building the index over 10k memories spent
// most of its time in the stemmer (bench:recall). Bounded so a huge import cannot grow it without end.
const stems = new Map<string, string | null>();
const MAX_STEMS = 100_000;

function stemOf(word: string): string | null {
  if (word.length === 0 || STOP.has(word)) return null;
  if (/^\p{N}+$/u.test(word)) return word;
  return word.length > 3 ? stemmer(word) : word;
}

/** One raw token → its index term, or null for a stop word. Possessives drop their "'s". */
export function toTerm(raw: string): string | null {
  const word = raw.toLowerCase().replace(/['’]s$/, '');
  const known = stems.get(word);
  if (known !== undefined) return known;
  if (stems.size >= MAX_STEMS) stems.clear();
  const term = stemOf(word);
  stems.set(word, term);
  return term;
}

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const term = toTerm(match[0]);
    if (term) out.push(term);
  }
  return out;
}
