// The shape of one extraction/consolidation case (eval/cases/*.json, issue #7). Cases come from files, so
// they are validated with zod/mini like anything else that crosses a boundary.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { MemoryType, Role } from '../../lib/model/records';

const isoDate = z.iso.datetime({ offset: true });
const nonEmpty = z.string().check(z.minLength(1));

/** The "Cover at least" list of issue #7, one tag each; case.test.ts fails if any is missing. */
export const REQUIRED_TAGS = [
  'nothing-to-extract',
  'question-not-fact',
  'relative-date',
  'update',
  'contradiction',
  'restatement',
  'negation',
  'multi-topic',
  'standing-instruction',
  'one-off-instruction',
  'correction',
  'injection',
  'secret',
  'japanese',
  'chinese',
  'long',
] as const;

export const CaseTag = z.enum([
  ...REQUIRED_TAGS,
  'consolidation',
  'third-party',
  'assistant-suggestion',
  'profile',
  'preference',
  'event',
  'instruction',
]);
export type CaseTag = z.infer<typeof CaseTag>;

export const CaseMessage = z.object({ role: Role, text: nonEmpty, at: isoDate });
export type CaseMessage = z.infer<typeof CaseMessage>;

export const ExistingMemory = z.object({
  text: nonEmpty,
  type: MemoryType,
  mentionedAt: z.optional(isoDate),
});
export type ExistingMemory = z.infer<typeof ExistingMemory>;

export const ExpectedMemory = z.object({ text: nonEmpty, type: MemoryType });
export type ExpectedMemory = z.infer<typeof ExpectedMemory>;

export const OpKind = z.enum(['ADD', 'UPDATE', 'DELETE', 'NONE']);
export type OpKind = z.infer<typeof OpKind>;

/** `target` is the index into the case's `existing`; null for ADD, required for the other three. */
export const Operation = z.object({
  op: OpKind,
  target: z.nullable(z.number().check(z.int(), z.nonnegative())),
});
export type Operation = z.infer<typeof Operation>;

/** A required token, or a list of spellings of which any one counts ("2026-03-14" | "March 14, 2026"). */
export const KeepToken = z.union([nonEmpty, z.array(nonEmpty).check(z.minLength(1))]);
export type KeepToken = z.infer<typeof KeepToken>;

const CaseShape = z.object({
  /** Kebab-case; equals the file name without `.json`. */
  id: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)),
  title: nonEmpty,
  tags: z.array(CaseTag).check(z.minLength(1)),
  messages: z.array(CaseMessage).check(z.minLength(1)),
  existing: z.array(ExistingMemory),
  expected: z.array(ExpectedMemory),
  mustKeep: z.array(KeepToken),
  mustNot: z.array(nonEmpty),
  /** Present exactly on consolidation cases (tag "consolidation"). */
  operations: z.optional(z.array(Operation).check(z.minLength(1))),
});

export function operationProblems(c: z.infer<typeof CaseShape>): string[] {
  if (!c.operations) return c.tags.includes('consolidation') ? ['consolidation case without operations'] : [];
  const problems = c.tags.includes('consolidation') ? [] : ['operations on a case not tagged consolidation'];
  for (const [i, o] of c.operations.entries()) {
    if (o.op === 'ADD' && o.target !== null) problems.push(`operations[${i}]: ADD takes no target`);
    if (o.op !== 'ADD' && (o.target === null || o.target >= c.existing.length))
      problems.push(`operations[${i}]: ${o.op} must target an existing index < ${c.existing.length}`);
  }
  return problems;
}

/** Use parseCase for readable errors; this schema is for callers that want a single zod check. */
export const EvalCase = CaseShape.check(
  z.refine((c) => operationProblems(c).length === 0, { message: 'operations do not fit the case' }),
);
export type EvalCase = z.infer<typeof CaseShape>;

export const CASES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cases');

export function parseCase(raw: unknown, source: string): EvalCase {
  const shape = CaseShape.safeParse(raw);
  if (!shape.success) throw new Error(`${source}: invalid case: ${z.prettifyError(shape.error)}`);
  const problems = operationProblems(shape.data);
  if (problems.length > 0) throw new Error(`${source}: ${problems.join('; ')}`);
  return shape.data;
}

/** Every case in `dir`, sorted by id so runs and reports are stable. */
export function loadCases(dir = CASES_DIR): EvalCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      const c = parseCase(JSON.parse(readFileSync(file, 'utf8')), file);
      if (`${c.id}.json` !== f) throw new Error(`${file}: id "${c.id}" does not match the file name`);
      return c;
    });
}
