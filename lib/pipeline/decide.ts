// Turns the model's consolidation operations into decisions the store can apply (#4): at most one UPDATE or
// DELETE per new fact and per memory; an invalid id becomes an ADD (UPDATE) or is dropped (DELETE, NONE),
// never a crash. The per-job caps are guard.ts's (#11): a job over them goes to Review whole.
import type { ConsolidationOp } from '../../prompts/schemas';
import type { Memory } from '../model/records';
import type { Fact } from './gate';
import { normalize } from './lookup';

export type Decision =
  | { kind: 'add'; fact: Fact; text: string; reason: string }
  | { kind: 'update'; fact: Fact; target: Memory; text: string; reason: string }
  | { kind: 'delete'; fact: Fact; target: Memory; reason: string }
  | { kind: 'confirm'; fact: Fact; target: Memory; reason: string }
  | { kind: 'skip'; fact: Fact; reason: string };

interface State {
  touched: Set<string>;
}

function one(fact: Fact, op: ConsolidationOp, target: Memory | undefined, st: State): Decision {
  const text = op.text?.replace(/\s+/g, ' ').trim() || fact.text;
  const reason = op.reason.trim();
  if (op.op === 'ADD') return { kind: 'add', fact, text, reason };
  if (!target) {
    if (op.op === 'UPDATE')
      return { kind: 'add', fact, text, reason: `${reason} (unknown memory id: added)` };
    return { kind: 'skip', fact, reason: `${op.op} named an unknown memory id: dropped` };
  }
  if (st.touched.has(target.id))
    return { kind: 'add', fact, text, reason: `${reason} (memory already changed)` };
  if (op.op === 'NONE') return { kind: 'skip', fact, reason };
  if (op.op === 'UPDATE') {
    if (normalize(text) === normalize(target.text)) return { kind: 'skip', fact, reason };
    st.touched.add(target.id);
    return { kind: 'update', fact, target, text, reason };
  }
  st.touched.add(target.id);
  return { kind: 'delete', fact, target, reason };
}

/** Candidates are labelled 1..n in the order given to the model. */
export function decide(facts: Fact[], candidates: Memory[], ops: ConsolidationOp[]): Decision[] {
  const st: State = { touched: new Set() };
  const out: Decision[] = [];
  for (const fact of facts) {
    const mine = ops.filter((o) => o.fact === fact.label);
    // Only the first operation per fact counts: one change of an existing memory per new fact.
    const op = mine[0];
    if (!op) {
      out.push({ kind: 'add', fact, text: fact.text, reason: 'No operation returned for this fact: added' });
      continue;
    }
    const target = op.target === null ? undefined : candidates[op.target - 1];
    out.push(one(fact, op, target, st));
  }
  return out;
}
