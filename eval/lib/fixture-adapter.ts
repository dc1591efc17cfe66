// A provider-backed adapter WITHOUT the pipeline: one call per case, reply = JSON memories + operations.
// It exists to test record/replay end to end (record.test.ts) and to build eval/recordings fixtures; real
// runs use the pipeline adapter in eval/extract.ts (README "Wiring").
import { z } from 'zod/mini';
import { MemoryType } from '../../lib/model/records';
import { applyAnswer, type ExtractionAdapter } from './adapter';
import { Operation, type EvalCase } from './case';
import type { ProviderCall, ProviderRequest } from './provider';

export const FixtureReply = z.object({
  memories: z.array(z.object({ text: z.string().check(z.minLength(1)), type: MemoryType })),
  operations: z.nullable(z.array(Operation)),
});
export type FixtureReply = z.infer<typeof FixtureReply>;

export function fixtureRequest(c: EvalCase, model: string): ProviderRequest {
  const existing = c.existing.map((m, i) => `#${i} (${m.type}) ${m.text}`).join('\n') || '(none)';
  const turns = c.messages.map((m) => `[${m.at}] ${m.role}: ${m.text}`).join('\n');
  return {
    system:
      'Return the memories worth keeping about the user as JSON {"memories":[{"text","type"}],"operations":[...]}.',
    user: `Existing memories:\n${existing}\n\nConversation:\n${turns}`,
    schemaName: 'fixture_memories',
    model,
  };
}

export function fixtureAdapter(label: string, call: ProviderCall, model: string): ExtractionAdapter {
  return {
    label,
    async runCase(c) {
      const reply = await call(fixtureRequest(c, model));
      const parsed = FixtureReply.safeParse(JSON.parse(reply.text));
      if (!parsed.success) throw new Error(`case ${c.id}: unusable reply: ${z.prettifyError(parsed.error)}`);
      return applyAnswer(c, { ...parsed.data, rerunAdds: [] });
    },
  };
}
