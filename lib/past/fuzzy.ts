// Typo tolerance for memory search (#28): the memory index before the move to SQLite (MiniSearch) matched a
// query word of 6+ letters to stored words within an edit distance of a fifth of its length (at most 2), at 0.3
// weight; FTS5 has no such lookup. Without it, eval:recall --source both lost two questions' coverage at 600
// tokens ("What things has Nate reccomended to Joanna?" never reached "recommend"). The memory table keeps every
// stem it has seen (`mterms`); the worker holds them in a trie and walks it with one row of the Levenshtein
// matrix per letter, leaving a branch as soon as no word under it can be near enough (as MiniSearch's radix tree
// does): a scan of every word of a near length cost 4.7 ms per query term at 1,000 memories.

const MIN_LENGTH = 6;
const MAX_DISTANCE = 2;
const SHARE = 0.2;

/** The largest edit distance a term is matched within, 0 when it is too short to be matched loosely. */
export function fuzzyDistance(term: string): number {
  return term.length < MIN_LENGTH ? 0 : Math.min(MAX_DISTANCE, Math.round(term.length * SHARE));
}

interface Node {
  next: Map<string, Node>;
  /** The word ending here, if one does. */
  word: string | null;
}

const node = (): Node => ({ next: new Map(), word: null });

export class Lexicon {
  private readonly root = node();

  /** Adds a word; true when it was not held yet. */
  add(word: string): boolean {
    let at = this.root;
    for (const ch of word) {
      let child = at.next.get(ch);
      if (!child) at.next.set(ch, (child = node()));
      at = child;
    }
    const added = at.word === null;
    at.word = word;
    return added;
  }

  /**
   * Words within `max` edits of `term` (Levenshtein over code points), with their distance; not the term. One row
   * of the matrix per depth, reused: a row and a Map entry per node visited were most of a query's garbage (#39).
   */
  near(term: string, max: number): [string, number][] {
    const query = [...term];
    const n = query.length;
    const out: [string, number][] = [];
    const rows: Int32Array[] = [];
    const rowAt = (depth: number) => (rows[depth] ??= new Int32Array(n + 1));
    const first = rowAt(0);
    for (let j = 0; j <= n; j++) first[j] = j;
    const walk = (at: Node, depth: number) => {
      const above = rowAt(depth);
      at.next.forEach((child, ch) => {
        const row = rowAt(depth + 1);
        row[0] = depth + 1;
        let best = depth + 1;
        for (let j = 1; j <= n; j++) {
          const cost = query[j - 1] === ch ? 0 : 1;
          const value = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
          row[j] = value;
          if (value < best) best = value;
        }
        const distance = row[n] ?? max + 1;
        if (child.word !== null && distance <= max && child.word !== term) out.push([child.word, distance]);
        if (best <= max) walk(child, depth + 1);
      });
    };
    walk(this.root, 0);
    return out;
  }
}
