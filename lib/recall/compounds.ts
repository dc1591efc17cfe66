// Compound words (#28). German writes a compound as one word: a draft about a "Geigenstunde" or the
// "Hochzeitsfeier" never shares a term with the memory that says "Geige" or "Hochzeit" (eval:languages: German
// memories 0.8). A query term the index has never seen is looked up as its longest known head and tail, so
// "geigenstund" also asks for "geig". Only unknown terms of 8+ letters are split, so a known word never is,
// and the parts come from the index's own vocabulary: no dictionary ships. The other way round (the text holds
// the compound, the draft a part) only the head is found, by a prefix query (lib/past/query.ts).

const MIN_WORD = 8;
const MIN_PART = 4;
const LETTERS = /^\p{L}+$/u;

/** Every proper head and tail of 4+ letters of a long unknown term, to look up in one go. */
export function partCandidates(term: string): string[] {
  if (term.length < MIN_WORD || !LETTERS.test(term)) return [];
  const out: string[] = [];
  for (let cut = MIN_PART; cut <= term.length - MIN_PART; cut++)
    out.push(term.slice(0, cut), term.slice(cut));
  return out;
}

/** The longest known head and the longest known tail of a term, when it has them. */
export function compoundParts(term: string, known: (part: string) => boolean): string[] {
  const candidates = partCandidates(term);
  const heads = candidates.filter((_, i) => i % 2 === 0).reverse();
  const tails = candidates.filter((_, i) => i % 2 === 1);
  return [heads.find(known), tails.find(known)].filter((p): p is string => p !== undefined);
}
