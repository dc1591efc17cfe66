// What changed, for History (#6) and Review's proposed-vs-current view. Pure functions.
import type { Memory } from '../model/records';

export interface Piece {
  kind: 'same' | 'add' | 'del';
  text: string;
}

/** Word-level diff by longest common subsequence; memories are at most 2,000 characters (schema). */
export function diffWords(before: string, after: string): Piece[] {
  const a = before.split(/(\s+)/);
  const b = after.split(/(\s+)/);
  const width = b.length + 1;
  // lcs[i * width + j]: common length of a[i..] and b[j..], in one flat array.
  const lcs = new Uint16Array((a.length + 1) * width);
  const at = (i: number, j: number) => lcs[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const out: Piece[] = [];
  const push = (kind: Piece['kind'], text = '') => {
    const last = out.at(-1);
    if (last?.kind === kind) last.text += text;
    else out.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]);
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || at(i + 1, j) >= at(i, j + 1))) push('del', a[i++]);
    else push('add', b[j++]);
  }
  return out.filter((p) => p.text !== '');
}

export interface FieldChange {
  field: (typeof SHOWN)[number];
  from: string;
  to: string;
}

const SHOWN = ['type', 'priority', 'scope', 'status', 'pinned'] as const;

/** The non-text fields an event changed, as words. Text changes are shown with diffWords. */
export function fieldChanges(before: Memory | null, after: Memory | null): FieldChange[] {
  if (!before || !after) return [];
  return SHOWN.filter((f) => before[f] !== after[f]).map((f) => ({
    field: f,
    from: String(before[f]),
    to: String(after[f]),
  }));
}
