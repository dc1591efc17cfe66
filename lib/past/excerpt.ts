// The shown excerpt is cut at query time (#13): the ~12-word piece of a ranked passage that holds the most of
// the query's weight. A passage found only through its context (an answer found through the question before
// it) shows its first piece, which is where a reply names what it answers.
import { excerpts, EXCERPT_WORDS } from '../recall/excerpts';
import { terms } from '../recall/terms';

export interface Cut {
  /** Which piece of the passage it is (the line id's suffix). */
  piece: number;
  text: string;
}

/** The passage's best piece for these query terms, weighted (by idf). */
export function cutExcerpt(text: string, weights: ReadonlyMap<string, number>, words = EXCERPT_WORDS): Cut {
  const pieces = excerpts(text, words);
  let best: Cut = { piece: 0, text: pieces[0] ?? text };
  let bestScore = 0;
  pieces.forEach((piece, i) => {
    const score = [...new Set(terms(piece))].reduce((sum, t) => sum + (weights.get(t) ?? 0), 0);
    if (score > bestScore) {
      bestScore = score;
      best = { piece: i, text: piece };
    }
  });
  return best;
}
