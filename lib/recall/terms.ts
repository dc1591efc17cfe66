// How text becomes index terms: ONE analyzer for the memory index, the past-chat index (lib/past) and the
// memory manager's search (lib/manage/search.ts), so a draft, a memory and a past turn meet on the same terms
// (#28). Porter stemming (the `stemmer` package, wooorm, MIT) lets "hiking" find "hiked" (#5); Russian words
// get the Snowball Russian stemmer (@orama/stemmers, Apache-2.0), so "квартиру" finds "квартира"; Japanese,
// Chinese and Korean become character pairs (scripts.ts).
import { stemmer } from 'stemmer';
import { stemmer as russian } from '@orama/stemmers/russian';
import { hasSpaceless, spacelessTerms } from './scripts';

// Function words carry no topic. Kept short on purpose: "not", "no" and pronouns that name people stay out
// of this list only where they change meaning; everything here is grammar.
const STOP = new Set(
  (
    'a an the and or but if of at by for with about into onto from to in on off over under up down out as is ' +
    'am are was were be been being do does did doing have has had having i me my mine myself you your yours ' +
    'he him his she her hers it its we us our they them their this that these those there here what which who ' +
    'whom whose when where why how can could would should will shall may might must than then so too very ' +
    'just also any some all each every both either neither such own same other again further once s t ' +
    'd ll m re ve y get got ' +
    // Russian prepositions, conjunctions and particles (Snowball's list, shortened the same way).
    'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от ' +
    'меня еще нет о из ему ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ' +
    'ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже себе ' +
    'под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее ' +
    // German and Spanish function words that are no English word ("die", "man", "war", "son", "era" stay): in
    // an index of mostly English chats they are rare, so their idf ranked any German or Spanish turn above the
    // one sharing the noun (eval:languages). Accents are folded first (toTerm), so "für" is "fur" here.
    'der das und ist nicht ich sie es ein eine einen einem einer den dem des zu mit auf fur von im am um wie ' +
    'wir ihr sich auch noch nur oder aber wenn dann kann muss mein meine meinen sind wird werden haben habe ' +
    'bin bist soll sollte schon sehr wo warum welche welcher welches diese dieser dieses gibt oft ' +
    'el la los las del al que en y con por para una unos unas su sus es mi mis tu tus se lo le les como mas ' +
    'pero si sin sobre este esta esto estos estas ya muy hay donde cuando porque tambien yo nos ni'
  ).split(' '),
);

export const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const NON_ASCII = /[^\p{ASCII}]/u;
const MARKS = /\p{M}/gu;

// Words repeat far more than they vary, so stems are memoized: building the index over 10k memories spent
// most of its time in the stemmer (bench:recall). Bounded so a huge import cannot grow it without end.
const stems = new Map<string, string | null>();
const MAX_STEMS = 100_000;

function stemOf(raw: string): string | null {
  if (raw.length === 0 || STOP.has(raw)) return null;
  if (/^\p{N}+$/u.test(raw)) return raw;
  if (CYRILLIC.test(raw)) {
    const word = raw.replaceAll('ё', 'е');
    return word.length > 3 ? russian(word) : word;
  }
  // Accents are folded ("Córdoba" is "cordoba", "Gewächshaus" "gewachshaus") in every index alike; the past
  // index's FTS5 tokenizer folded them on its own, so "gewächshau" was never found in its vocabulary (#28).
  const word = NON_ASCII.test(raw) ? raw.normalize('NFD').replace(MARKS, '') : raw;
  if (word !== raw && STOP.has(word)) return null;
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

function push(raw: string, out: string[]): void {
  const term = toTerm(raw);
  if (term) out.push(term);
}

export function terms(text: string): string[] {
  const out: string[] = [];
  // Full-width letters and half-width katakana are the same words (NFKC); ASCII text skips the pass.
  const normal = NON_ASCII.test(text) ? text.normalize('NFKC') : text;
  for (const match of normal.matchAll(WORD)) {
    const word = match[0];
    if (hasSpaceless(word)) spacelessTerms(word, out, (part) => push(part, out));
    else push(word, out);
  }
  return out;
}
