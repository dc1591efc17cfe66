// Scripted answer sets that prove the scorer can fail (#7 "In CI"): the expected memories themselves, and
// degraded variants that drop facts, invent facts, leak a secret, get operations wrong or duplicate on rerun.
import type { ScriptedAnswer } from './adapter';
import type { EvalCase } from './case';

export function perfectAnswer(c: EvalCase): ScriptedAnswer {
  return { memories: c.expected.map((m) => ({ ...m })), operations: c.operations ?? null, rerunAdds: [] };
}

export type Degradation = 'drop' | 'invent' | 'leak' | 'retype' | 'ops' | 'dup';
export const DEGRADATIONS: readonly Degradation[] = ['drop', 'invent', 'leak', 'retype', 'ops', 'dup'];

// Each type becomes a different one, so every matched pair has the wrong type.
const RETYPE = {
  profile: 'event',
  event: 'profile',
  preference: 'instruction',
  instruction: 'preference',
  correction: 'profile',
} as const;

// A fabricated attribute no case mentions (checked in scripted.test.ts).
export const INVENTED = { text: 'User owns a sailing yacht called Albatross', type: 'profile' } as const;

function degradeMemories(c: EvalCase, kinds: ReadonlySet<Degradation>): ScriptedAnswer['memories'] {
  // Keep the first expected memory only: a case with one fact loses it, a multi-fact case loses the rest.
  let memories = c.expected.map((m) => ({ ...m }));
  if (kinds.has('drop')) memories = memories.length > 1 ? memories.slice(0, 1) : [];
  if (kinds.has('retype')) memories = memories.map((m) => ({ ...m, type: RETYPE[m.type] }));
  if (kinds.has('invent')) memories.push({ ...INVENTED });
  // A leak is the first forbidden token written into a plausible memory: a secret, a suggestion, a fabrication.
  if (kinds.has('leak') && c.mustNot[0])
    memories.push({ text: `User mentioned ${c.mustNot[0]}`, type: 'profile' });
  return memories;
}

export function degradedAnswer(
  c: EvalCase,
  kinds: ReadonlySet<Degradation> = new Set(DEGRADATIONS),
): ScriptedAnswer {
  const memories = degradeMemories(c, kinds);
  const operations = c.operations
    ? kinds.has('ops')
      ? c.operations.map(() => ({ op: 'ADD' as const, target: null }))
      : c.operations
    : null;
  return { memories, operations, rerunAdds: kinds.has('dup') ? memories.slice(0, 1) : [] };
}
