// Fits ranked memories into the token budget. Standing instructions and pinned memories come first from a
// reserved share; the rest goes to relevance with MMR so near-duplicates do not eat the budget (#5).
import { dayOf, LINE_OVERHEAD, type BlockLine, type Section } from './block';
import { costsOf, type BlockCosts } from './block-costs';
import type { Recallable } from './index';

export interface Chosen extends BlockLine {
  id: string;
  memory: Recallable;
}

export interface PackOptions {
  budgetTokens: number;
  /** Share of the budget standing instructions and pinned memories may take first. */
  reservedShare?: number;
  /** MMR trade-off: 0 is pure relevance. */
  diversity?: number;
  /** Similarity (Jaccard over stemmed terms) at or above which a candidate is a near-duplicate. */
  duplicateAt?: number;
  /** How deep into the ranking MMR looks. */
  pool?: number;
}

export function sectionOf(m: Recallable): Section {
  if (m.excerpt) return 'past';
  if (m.priority === -1) return 'standing';
  if (m.type === 'profile' || m.type === 'preference') return 'about';
  return 'context';
}

export function toLine(memory: Recallable, section = sectionOf(memory)): Chosen {
  const dated = memory.type === 'event' || section === 'past';
  const at = memory.occurredStart ?? memory.mentionedAt;
  const date = dated ? { day: dayOf(at), at } : null;
  return { id: memory.id, memory, text: memory.text, tokenCount: memory.tokenCount, section, date };
}

/** Removes secrets from a line's text; `spans` says how many were replaced (lib/pipeline/redact.ts). */
export type LineCleaner = (text: string) => { text: string; spans: number };

/**
 * Tokens one "[redacted …]" label may add to a line, at most: every label is ≤ 6 o200k tokens and what it
 * replaces is ≥ 1 (recall.test.ts checks this over the redaction corpus). Counting up keeps the budget a bound.
 */
export const REDACTION_TOKENS = 6;

export class Packer {
  readonly chosen: Chosen[] = [];
  private readonly sections = new Set<Section>();
  private readonly days = new Set<string>();
  used: number;
  /** Memories refused for want of room (#16: the preview says how many were left out). */
  readonly refused = new Set<string>();

  /**
   * `clean` runs on each line as it is offered, so only lines that may be shown pay for it (#11); `costs` are
   * the block's language's (English by default, as the block's words are).
   */
  constructor(
    readonly budget: number,
    private readonly clean?: LineCleaner,
    readonly costs: BlockCosts = costsOf('en'),
  ) {
    this.used = costs.frame;
  }

  private cleaned(line: Chosen): Chosen {
    const out = this.clean?.(line.text);
    if (!out?.spans) return line;
    return { ...line, text: out.text, tokenCount: line.tokenCount + REDACTION_TOKENS * out.spans };
  }

  cost(line: Chosen): number {
    const header = this.sections.has(line.section) ? 0 : this.costs.section;
    const day = line.date && !this.days.has(`${line.section}|${line.date.day}`) ? this.costs.date : 0;
    // A line counted as printed costs that; a redacted one's text changed, so its marks get the margin again.
    const { lineTokens, tokenCount } = line.memory;
    const exact = lineTokens !== undefined && line.tokenCount === tokenCount;
    return header + day + (exact ? lineTokens : line.tokenCount + LINE_OVERHEAD);
  }

  /** What a line costs at least, wherever it lands (no section title or day header of its own). */
  static lineCost(memory: Recallable): number {
    return memory.lineTokens ?? memory.tokenCount + LINE_OVERHEAD;
  }

  /** Whether the line could fit as it is (redaction only makes a line dearer: take() may still refuse it). */
  fits(line: Chosen): boolean {
    return this.used + this.cost(line) <= this.budget;
  }

  /** Tokens left under the budget. */
  get room(): number {
    return this.budget - this.used;
  }

  /** Records a line refused for want of room without offering it (it could not fit: select.ts's pool). */
  refuseId(id: string): void {
    this.refused.add(id);
  }

  private refuse(line: Chosen): false {
    this.refused.add(line.id);
    return false;
  }

  /** Adds the line when it fits under `limit` (the budget by default); says whether it did. */
  take(offered: Chosen, limit = this.budget): boolean {
    const cap = Math.min(limit, this.budget);
    // Most offers do not fit; only a line that would fit as it is pays for redaction (a 10k-memory preview
    // offers up to 200 lines and takes a few dozen).
    if (this.used + this.cost(offered) > cap) return this.refuse(offered);
    const line = this.cleaned(offered);
    const cost = this.cost(line);
    if (this.used + cost > cap) return this.refuse(offered);
    this.used += cost;
    this.sections.add(line.section);
    if (line.date) this.days.add(`${line.section}|${line.date.day}`);
    this.chosen.push(line);
    return true;
  }
}

/** Standing rules first, then pinned, each within the reserved share. */
export function fillReserved(packer: Packer, reserved: readonly Recallable[], options: PackOptions): void {
  const { frame } = packer.costs;
  const limit = frame + (options.budgetTokens - frame) * (options.reservedShare ?? 0.5);
  const order = [...reserved].sort(
    (a, b) => Number(b.priority === -1) - Number(a.priority === -1) || b.proofCount - a.proofCount,
  );
  for (const memory of order) packer.take(toLine(memory), limit);
}
