// Deterministic matching of produced memories to expected ones (#7): normalized token overlap, then a
// one-to-one greedy assignment. No model is involved, so the same inputs always give the same score.

/** NFKC + lowercase + collapsed whitespace: the form used for mustKeep/mustNot substring checks. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

// Words that every memory shares ("User is ...") would make unrelated facts look alike. Negations stay:
// "is allergic" vs "is not allergic" must differ (case contradiction-allergy).
const STOPWORDS = new Set(
  (
    'a an the user users s is are was were be been being am to of in on at for and or with by from as ' +
    'that this these those who which their they them his her he she it its has have had do does did'
  ).split(' '),
);

// Han, kana and the prolonged sound mark (U+30FC, script Common). Bigrams, because CJK has no spaces and
// single characters are too ambiguous (cases japanese-*, chinese-*).
const CJK_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+)/u;
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+$/u;

// "用户"/"ユーザー" are the CJK "User": kept, "用户住在深圳" and "用户住在成都" share 3 of 5 bigrams (0.6).
const CJK_USER = /ユーザー[はの]?|用户|使用者/gu;

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(1).map((c, i) => chars[i] + c);
}

const charClass = (ch: string | undefined) =>
  ch === undefined
    ? 'none'
    : /\p{L}/u.test(ch) && !CJK_ONLY.test(ch)
      ? 'letter'
      : /\p{N}/u.test(ch)
        ? 'digit'
        : 'other';

/**
 * Whether `token` occurs in `text` (both normalized) as a whole token: the characters around it may not
 * continue it. So "PIN" is not found in "spinning", "Bloc" not in "block", "2019" not in "20190", but "8:30"
 * is found in "8:30am". CJK has no word boundaries, so a CJK edge is a plain substring match.
 */
export function containsToken(text: string, token: string): boolean {
  const hay = normalizeText(text);
  const needle = normalizeText(token);
  if (!needle) return false;
  const first = charClass(needle[0]);
  const last = charClass(needle.at(-1));
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = charClass(hay[at - 1]);
    const after = charClass(hay[at + needle.length]);
    const leftOk = first === 'other' || before !== first;
    const rightOk = last === 'other' || after !== last;
    if (leftOk && rightOk) return true;
  }
  return false;
}

// A light plural strip only ("prefers" ~ "prefer"); anything smarter belongs to the optional LLM judge.
const stem = (word: string) =>
  word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  const plain = normalizeText(text)
    .replace(CJK_USER, ' ')
    .replace(/[\p{P}\p{S}]+/gu, ' ');
  for (const chunk of plain.split(' ')) {
    for (const part of chunk.split(CJK_RUN)) {
      if (!part) continue;
      if (CJK_ONLY.test(part)) bigrams(part).forEach((b) => out.add(b));
      else if (!STOPWORDS.has(part)) out.add(stem(part));
    }
  }
  return out;
}

// "is allergic" and "is not allergic" share every content word; without this they score 0.8 (match.test.ts).
const NEGATION = /\b(not|no|never|none|nothing|nobody|neither|nor)\b|n['’]t\b|不|没|沒|未|ない|ません/u;
export const negated = (text: string) => NEGATION.test(normalizeText(text));

/** Dice coefficient over token sets, halved when exactly one side is negated. */
export function similarity(a: string, b: string): number {
  const ta = tokens(a);
  const tb = tokens(b);
  if (ta.size === 0 && tb.size === 0) return normalizeText(a) === normalizeText(b) ? 1 : 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  const dice = (2 * shared) / (ta.size + tb.size);
  return negated(a) === negated(b) ? dice : dice / 2;
}

/**
 * 0.6, because at 0.5 "User lives in Berlin" matches "User lives in Lisbon" (tokens {live, berlin} vs
 * {live, lisbon}); see match.test.ts. Paraphrases below it are what the judge is for.
 */
export const MATCH_THRESHOLD = 0.6;

export interface MatchPair {
  expected: number;
  produced: number;
  similarity: number;
  /** "overlap" from the token score, "judge" when only the LLM judge accepted the pair. */
  by: 'overlap' | 'judge';
}

/** Greedy one-to-one: best pair first; ties broken by index so the result is stable. */
export function matchTexts(expected: string[], produced: string[], threshold = MATCH_THRESHOLD): MatchPair[] {
  const candidates: MatchPair[] = [];
  expected.forEach((e, i) =>
    produced.forEach((p, j) => {
      const s = similarity(e, p);
      if (s >= threshold) candidates.push({ expected: i, produced: j, similarity: s, by: 'overlap' });
    }),
  );
  candidates.sort(
    (x, y) => y.similarity - x.similarity || x.expected - y.expected || x.produced - y.produced,
  );
  const usedE = new Set<number>();
  const usedP = new Set<number>();
  const pairs: MatchPair[] = [];
  for (const c of candidates) {
    if (usedE.has(c.expected) || usedP.has(c.produced)) continue;
    usedE.add(c.expected);
    usedP.add(c.produced);
    pairs.push(c);
  }
  return pairs.sort((x, y) => x.expected - y.expected);
}
