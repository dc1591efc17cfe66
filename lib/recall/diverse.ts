// The relevant lines of the block, by greedy MMR over the head of the ranking (#5): each pick weighs its score
// against its likeness to the lines already taken, so near-duplicates do not eat the budget.
import type { Ranked } from './rank';
import { Packer, toLine, type Chosen, type PackOptions } from './select';
import { terms } from './terms';

/** Jaccard over stemmed terms at or above which two memories say the same thing. */
export const DUPLICATE_AT = 0.7;

/** Candidates MMR weighs, best first: the memory table sends no more than these (lib/past/memory-answer.ts). */
export const POOL = 200;

export const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared === 0 ? 0 : shared / (a.size + b.size - shared);
};

/** Jaccard of a line's distinct terms (a list) and a taken line's (a set): no set is built for the line. */
function jaccardOf(mine: readonly string[], taken: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of mine) if (taken.has(t)) shared++;
  return shared === 0 ? 0 : shared / (mine.length + taken.size - shared);
}

/** A line's distinct terms as a list. */
const wordsOf = (r: Ranked): readonly string[] => r.words?.() ?? [...r.terms()];

interface Candidate {
  ranked: Ranked;
  /** Its distinct terms, once it is first compared. */
  words: readonly string[] | null;
  /** Its place in the pool: of two equal values, the earlier is picked. */
  at: number;
  /** Its largest likeness to the lines taken, over the first `seen` of them (likeness only grows). */
  maxSim: number;
  seen: number;
  /** Tokens it costs at least (Packer.lineCost). */
  least: number;
  done: boolean;
}

/** The pool: the ranking's head not taken yet. */
function poolOf(packer: Packer, ranked: readonly Ranked[], options: PackOptions): Candidate[] {
  const taken = new Set(packer.chosen.map((c) => c.id));
  return ranked
    .filter((r) => !taken.has(r.memory.id))
    .slice(0, options.pool ?? POOL)
    .map((r, at): Candidate => {
      const least = Packer.lineCost(r.memory);
      return { ranked: r, at, words: null, maxSim: 0, seen: 0, least, done: false };
    });
}

/**
 * MMR's next pick, by lazy evaluation (Minoux's accelerated greedy): a candidate's value can only fall as lines are
 * taken, so candidates wait in a heap by their value as last computed; the top one is brought up to date, and is
 * the pick once it is up to date and still on top (the earlier of equal values, as a plain scan picks). The same
 * picks as comparing every candidate with every line taken; at 200 candidates that was most of packing (#39).
 */
class Picker {
  private readonly heap: Candidate[];

  constructor(
    open: readonly Candidate[],
    private readonly taken: readonly ReadonlySet<string>[],
    private readonly top: number,
    private readonly lambda: number,
    /** A candidate that can never be packed now (it costs more than the room left): given out uncompared. */
    private readonly hopeless: (c: Candidate) => boolean,
  ) {
    this.heap = [...open];
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  private value(c: Candidate): number {
    return (1 - this.lambda) * (c.ranked.score / this.top) - this.lambda * c.maxSim;
  }

  private before(a: Candidate, b: Candidate): boolean {
    const va = this.value(a);
    const vb = this.value(b);
    return va > vb || (va === vb && a.at < b.at);
  }

  /** Whether the candidate at i is ahead of the one at j (or j is past the end). */
  private ahead(i: number, j: number): boolean {
    const [a, b] = [this.heap[i], this.heap[j]];
    return !!a && (!b || this.before(a, b));
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      let best = i;
      if (l < h.length && this.ahead(l, best)) best = l;
      if (l + 1 < h.length && this.ahead(l + 1, best)) best = l + 1;
      const [a, b] = [h[i], h[best]];
      if (best === i || !a || !b) return;
      [h[i], h[best]] = [b, a];
      i = best;
    }
  }

  /** Compares the candidate with the lines taken since it last was. */
  refresh(c: Candidate): Candidate {
    while (c.seen < this.taken.length) this.compare(c);
    return c;
  }

  /** Compares the candidate with the next taken line it has not been compared with. */
  private compare(c: Candidate): void {
    const mine = (c.words ??= wordsOf(c.ranked));
    const line = this.taken[c.seen];
    if (line) c.maxSim = Math.max(c.maxSim, jaccardOf(mine, line));
    c.seen++;
  }

  /** Whether the heap's top is still ahead of both its children (and so of every other candidate). */
  private topHolds(): boolean {
    const [top, a, b] = this.heap;
    return !!top && (!a || this.before(top, a)) && (!b || this.before(top, b));
  }

  /**
   * The open candidate of highest value, taken out of the heap. The top is compared with the lines taken one at a
   * time, and goes back down the heap as soon as another may be ahead of it.
   */
  next(): Candidate | undefined {
    for (;;) {
      const top = this.heap[0];
      if (!top || top.seen === this.taken.length || this.hopeless(top)) {
        const last = this.heap.pop();
        if (this.heap.length > 0 && last) {
          this.heap[0] = last;
          this.down(0);
        }
        return top;
      }
      do this.compare(top);
      while (top.seen < this.taken.length && this.topHolds());
      this.down(0);
    }
  }
}

/** What the cheapest line still open costs at least: found again only once the line that cost that is done. */
function leastOf(open: readonly Candidate[]): () => number {
  let cheapest = -1;
  return () => {
    if (cheapest >= 0 && !open[cheapest]?.done) return open[cheapest]?.least ?? Infinity;
    cheapest = -1;
    open.forEach((c, i) => {
      if (!c.done && (cheapest < 0 || c.least < (open[cheapest]?.least ?? Infinity))) cheapest = i;
    });
    return open[cheapest]?.least ?? Infinity;
  };
}

/**
 * Greedy MMR over the head of the ranking. A pick that cannot fit the room left is refused before it is compared
 * with the lines taken (whatever it repeats, it is not packed), and once the room left is smaller than any open
 * line can cost, the rest are only counted as left out: the picks that followed could take nothing (#39).
 * `termsOf`: a taken line's stems, when the index has them (recall.ts), else they are read from its text.
 */
export function fillRelevant(
  packer: Packer,
  ranked: readonly Ranked[],
  options: PackOptions,
  termsOf: (line: Chosen) => ReadonlySet<string> = (line) => new Set(terms(line.text)),
): void {
  // λ = 0.1 measured best on eval:recall (0.875 hit vs 0.868 at 0 and 0.866 at 0.4); the hard duplicate cut
  // keeps paraphrases of one fact from taking two lines.
  const lambda = options.diversity ?? 0.1;
  const duplicateAt = options.duplicateAt ?? DUPLICATE_AT;
  const open = poolOf(packer, ranked, options);
  const taken: ReadonlySet<string>[] = packer.chosen.map(termsOf);
  // The room left only shrinks: a line that costs more than it, even with no header of its own, never fits.
  const hopeless = (c: Candidate) => c.least > packer.room;
  const picker = new Picker(open, taken, open[0]?.ranked.score ?? 1, lambda, hopeless);
  const least = leastOf(open);
  const covered = new Set(packer.chosen.flatMap((c) => c.memory.evidence ?? []));
  // A raw excerpt adds nothing when its turn is already in the block, through a memory taken from it or
  // another excerpt of it (eval:recall --source both: 0.872 → 0.878 hit). Memories are never dropped for
  // sharing a source: one turn can hold several facts.
  const redundant = (c: Candidate) => {
    const { evidence = [], excerpt } = c.ranked.memory;
    return excerpt === true && evidence.length > 0 && evidence.every((e) => covered.has(e));
  };
  // Left out for want of room, unless it is already known to repeat a taken line (the count the preview shows).
  const leftOut = (c: Candidate) => {
    if (!redundant(c) && c.maxSim < duplicateAt) packer.refuseId(c.ranked.memory.id);
  };
  for (let pick = picker.next(); pick; pick = picker.next()) {
    pick.done = true;
    const line = hopeless(pick) ? null : toLine(pick.ranked.memory);
    const fits = line !== null && packer.fits(line);
    if (fits && (redundant(pick) || picker.refresh(pick).maxSim >= duplicateAt)) continue;
    if (!fits) leftOut(pick);
    if (!fits || !packer.take(line)) {
      if (packer.room < least()) break;
      continue;
    }
    for (const e of pick.ranked.memory.evidence ?? []) covered.add(e);
    taken.push(pick.ranked.terms());
  }
  // The rest could not fit either (the room left is below what any of them costs). Comparing every one of them
  // with every taken line, only to leave a repeat out of that count, cost as much as the packing at 1,000 (#39).
  for (const c of open) if (!c.done) leftOut(c);
}
