// Candidate lookup for consolidation and dedupe (#4): a small lexical scorer, per new fact, unioned and
// capped. Deliberately not the injection ranker (#5): hindsight found its dedup twin ranked out of the window
// when dedupe shared the recall ranking.

const STOP = new Set(
  "a an and are as at be but by for from has have he her his i i'm in is it its me my of on or our she so that the their them they this to was we were with you your user".split(
    ' ',
  ),
);

/** NFKC, lower case, punctuation to spaces, whitespace collapsed: the equality key for dedupe. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Words, minus stop words; runs of CJK script become character bigrams (no spaces to split on). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of normalize(text).split(' ')) {
    if (!word || STOP.has(word)) continue;
    if (CJK.test(word) && word.length > 1) {
      for (let i = 0; i < word.length - 1; i++) out.push(word.slice(i, i + 2));
    } else out.push(word);
  }
  return out;
}

/** Jaccard similarity of term sets: 1 for the same words in any order. */
export function similarity(a: string, b: string): number {
  const x = new Set(terms(a));
  const y = new Set(terms(b));
  if (x.size === 0 && y.size === 0) return normalize(a) === normalize(b) ? 1 : 0;
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return both / (x.size + y.size - both);
}

export interface Doc {
  id: string;
  text: string;
}

export interface LookupOptions {
  perQuery: number;
  cap: number;
  /** Share of the query's own idf weight a doc must cover: a shared name alone is not relevance. */
  minShare: number;
}

/** For each query, the best `perQuery` docs by idf-weighted term overlap; unioned in rank order, capped. */
export function lookupCandidates<D extends Doc>(queries: string[], docs: D[], opts: LookupOptions): D[] {
  const docTerms = docs.map((d) => new Set(terms(d.text)));
  const df = new Map<string, number>();
  for (const set of docTerms) for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + docs.length / (df.get(t) ?? docs.length));
  const ranked = queries.map((q) => {
    const qs = [...new Set(terms(q))];
    const whole = qs.reduce((s, t) => s + idf(t), 0);
    return docs
      .map((doc, i) => ({ doc, score: qs.reduce((s, t) => s + (docTerms[i]?.has(t) ? idf(t) : 0), 0) }))
      .filter((r) => r.score > 0 && r.score >= whole * opts.minShare)
      .sort((a, b) => b.score - a.score)
      .slice(0, opts.perQuery)
      .map((r) => r.doc);
  });
  // Round-robin so every query keeps its best candidates even when the cap bites.
  const out = new Map<string, D>();
  for (let rank = 0; rank < opts.perQuery && out.size < opts.cap; rank++)
    for (const list of ranked) {
      const d = list[rank];
      if (d && out.size < opts.cap) out.set(d.id, d);
    }
  return [...out.values()];
}
