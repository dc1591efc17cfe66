// Redaction of secrets, applied to every text that leaves the background (extraction and consolidation
// prompts, embeddings, past-turn excerpts, the inserted block) and to every memory before it is stored (#4,
// #11). Matching runs on a folded copy (NFKC per character, invisible characters removed) so zero-width
// splits, soft hyphens and full-width letters hide nothing; the output keeps the original text everywhere
// except the redacted spans. The corpus test (redact.test.ts) is the claim: what it lists is what goes.
import { SCANNERS } from './redact-rules';
import type { Span } from './redact-span';

interface Folded {
  text: string;
  /** For each UTF-16 unit of `text`, the original range it came from; absent when nothing changed. */
  from?: number[];
  to?: number[];
}

const PLAIN = /^[\t\n\r\x20-\x7e]*$/;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const HAS_INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
// A base character with its combining marks, so "n" + U+0303 folds to "ñ" as one unit.
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;

export function fold(text: string): Folded {
  // Most text is already folded: no per-character work for it.
  if (PLAIN.test(text) || (!HAS_INVISIBLE.test(text) && text.normalize('NFKC') === text)) return { text };
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of text.matchAll(CLUSTER)) {
    const folded = m[0].replace(INVISIBLE, '').normalize('NFKC');
    for (let i = 0; i < folded.length; i++) {
      from.push(m.index);
      to.push(m.index + m[0].length);
    }
    out += folded;
  }
  return { text: out, from, to };
}

/** Overlapping or touching spans become one; the longest one's label names it. */
function merge(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = out.at(-1);
    if (last && s.start <= last.end) {
      if (s.end - s.start > last.end - last.start) last.label = s.label;
      last.end = Math.max(last.end, s.end);
    } else out.push({ ...s });
  }
  return out;
}

export interface Redacted {
  text: string;
  /** Labels of what was removed, for the job log; never the values. */
  found: string[];
}

export function redact(text: string): Redacted {
  const folded = fold(text);
  const spans = merge(SCANNERS.flatMap((scan) => scan(folded.text)));
  if (spans.length === 0) return { text, found: [] };
  const { from, to } = folded;
  const original = merge(
    spans.map((s) => ({
      label: s.label,
      start: from ? (from[s.start] ?? text.length) : s.start,
      end: to ? (to[s.end - 1] ?? text.length) : s.end,
    })),
  );
  // Pieces joined once: splicing the string per span is quadratic on a paste full of them.
  const pieces: string[] = [];
  let at = 0;
  for (const s of original) {
    pieces.push(text.slice(at, s.start), `[redacted ${s.label}]`);
    at = s.end;
  }
  pieces.push(text.slice(at));
  return { text: pieces.join(''), found: original.map((s) => s.label) };
}

export const redactText = (text: string, on: boolean): string => (on ? redact(text).text : text);
