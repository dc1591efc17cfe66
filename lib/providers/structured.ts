// The shared half of every provider: JSON schema from zod, parse + validate, one corrective retry (#4).
import { z } from 'zod/mini';
import { parseReply } from './parse';
import { estimateCostUsd } from './prices';
import {
  ProviderOutputError,
  type CallUsage,
  type CompleteRequest,
  type CompleteResult,
  type ModelLimits,
  type Provider,
  type RawReply,
  type Transport,
} from './types';
import { API_LIMITS } from './limits';

export function jsonSchemaOf(schema: z.ZodMiniType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

function correction(error: string): string {
  return [
    'Your previous reply could not be used.',
    error,
    'Reply again with only the corrected JSON object, matching the schema exactly. No prose, no code fences.',
  ].join('\n');
}

export function makeProvider(
  id: string,
  model: string,
  send: Transport,
  limits: ModelLimits = API_LIMITS,
): Provider {
  const usageOf = (r: RawReply): CallUsage => ({
    provider: id,
    model,
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    costUsd: estimateCostUsd(model, r.promptTokens, r.completionTokens),
  });
  async function complete<T>(req: CompleteRequest<T>): Promise<CompleteResult<T>> {
    const base = { system: req.system, jsonSchema: jsonSchemaOf(req.schema), schemaName: req.schemaName };
    const first = await send({
      ...base,
      messages: [{ role: 'user', content: req.user }],
      signal: req.signal,
    });
    const usage = [usageOf(first)];
    const parsed = parseReply(first.text, req.schema);
    if (parsed.ok) return { data: parsed.data, usage };
    const messages = [
      { role: 'user' as const, content: req.user },
      { role: 'assistant' as const, content: first.text },
      { role: 'user' as const, content: correction(parsed.error) },
    ];
    const second = await send({ ...base, messages, signal: req.signal });
    usage.push(usageOf(second));
    const retried = parseReply(second.text, req.schema);
    if (retried.ok) return { data: retried.data, usage };
    throw Object.assign(new ProviderOutputError(`Invalid model output after one retry: ${retried.error}`), {
      usage,
    });
  }
  return { id, model, limits, complete };
}
