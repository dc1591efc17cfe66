// Models wrap JSON in code fences or lead with prose ("Sure! Here is…"). Strip both, then validate (#4).
import type { z } from 'zod/mini';

/** The JSON text inside a reply: a fenced block if there is one, else from the first { or [ to its last match. */
export function extractJsonText(reply: string): string {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(reply);
  const body = (fenced?.[1] ?? reply).trim();
  const start = body.search(/[[{]/);
  if (start < 0) return body;
  const close = body[start] === '{' ? '}' : ']';
  const end = body.lastIndexOf(close);
  return end > start ? body.slice(start, end + 1) : body.slice(start);
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; error: string };

export function parseReply<T>(reply: string, schema: z.ZodMiniType<T>): Parsed<T> {
  let json: unknown;
  try {
    json = JSON.parse(extractJsonText(reply));
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.slice(0, 8).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return { ok: false, error: `Does not match the schema: ${issues.join('; ')}` };
}
