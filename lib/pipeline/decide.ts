// Turns the model's consolidation operations into decisions the store can apply, under the blast-radius caps
// (#4): at most one UPDATE or DELETE per new fact, at most GATE.maxDeletesPerJob deletes per job, an invalid
// id becomes an ADD (UPDATE) or is dropped (DELETE, NONE), never a crash.
import type { ConsolidationOp } from '../../prompts/schemas';
import type { Memory } from '../model/records';
import { GATE, type Fact } from './gate';
import { normalize } from './lookup';

export type Decision =
  | { kind: 'add'; fact: Fact; text: string; reason: string }
  | { kind: 'update'; fact: Fact; target: Memory; text: string; reason: string }
  | { kind: 'delete'; fact: Fact; target: Memory; reason: string }
  | { kind: 'confirm'; fact: Fact; target: Memory; reason: string }
  | { kind: 'skip'; fact: Fact; reason: string };

/** Shared by every consolidation call of one job, so the caps hold per job (#12 splits large jobs). */
export interface DecideState {
  deletes: number;
  touched: Set<string>;
}

export const decideState = (): DecideState => ({ deletes: 0, touched: new Set() });

function one(fact: Fact, op: ConsolidationOp, target: Memory | undefined, st: DecideState): Decision {
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
  if (st.deletes >= GATE.maxDeletesPerJob)
    return { kind: 'skip', fact, reason: `delete cap of ${GATE.maxDeletesPerJob} per job reached` };
  st.deletes++;
  st.touched.add(target.id);
  return { kind: 'delete', fact, target, reason };
}

/** Candidates are labelled 1..n in the order given to the model. */
export function decide(
  facts: Fact[],
  candidates: Memory[],
  ops: ConsolidationOp[],
  st: DecideState = decideState(),
): Decision[] {
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
