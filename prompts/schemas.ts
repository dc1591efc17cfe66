// What the model must return, per prompt kind. Versions of a prompt may share a schema; a new schema means a
// new prompt version. Integer labels stand in for real ids (#4: the model never sees a real id).
import { z } from 'zod/mini';
import { MemoryType } from '../lib/model/records';

const date = z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/)));

export const ExtractedMemory = z.object({
  text: z.string(),
  type: MemoryType,
  /** 0–100; -1 only for an instruction the user wants kept as a standing rule. */
  priority: z.number().check(z.int(), z.gte(-1), z.lte(100)),
  confidence: z.number().check(z.gte(0), z.lte(1)),
  attributedTo: z.string(),
  occurredStart: date,
  occurredEnd: date,
  /** Turn labels (the numbers in "[3] user …"), never site ids. */
  sourceTurns: z.array(z.number().check(z.int())),
});
export type ExtractedMemory = z.infer<typeof ExtractedMemory>;

export const ExtractionOutput = z.object({ memories: z.array(ExtractedMemory) });
export type ExtractionOutput = z.infer<typeof ExtractionOutput>;

export const ConsolidationOp = z.object({
  /** Index of the new fact (F1, F2 … → 1, 2 …). */
  fact: z.number().check(z.int()),
  op: z.enum(['ADD', 'UPDATE', 'DELETE', 'NONE']),
  /** Label of the existing memory (M1 → 1) for UPDATE, DELETE and NONE; null for ADD. */
  target: z.nullable(z.number().check(z.int())),
  /** The full new text for ADD and UPDATE; null otherwise. */
  text: z.nullable(z.string()),
  reason: z.string().check(z.minLength(1)),
});
export type ConsolidationOp = z.infer<typeof ConsolidationOp>;

export const ConsolidationOutput = z.object({ operations: z.array(ConsolidationOp) });
export type ConsolidationOutput = z.infer<typeof ConsolidationOutput>;
