// Models wrap JSON in code fences, lead with prose ("Sure! Here is…") or think aloud first. Find the JSON
// without guessing wrong, then validate (#4). #12: the old "first ``` pair anywhere" cut valid JSON whose
// strings contain ```, and "first { to last }" broke on a brace in the prose around it.
import type { z } from 'zod/mini';

/** Bounds the work on a long reply full of stray brackets: each candidate start costs one scan. */
const MAX_STARTS = 64;

const QUOTE = 34; // "
const BACKSLASH = 92;

/**
 * End index (exclusive) of the JSON object or array opening at `start`, string-aware; -1 if it never closes.
 * One depth counter for both bracket kinds (a stack cost seconds on a 150 kB reply): a span whose kinds
 * mismatch is still refused, by JSON.parse, and the search moves on.
 */
export function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
  }
  return -1;
}

/** Top-level balanced {…} / […] spans in reading order; a span that is not JSON is skipped, not fatal. */
function* balancedValues(text: string): Generator<string> {
  const opener = /[[{]/g;
  for (let tries = 0; tries < MAX_STARTS; tries++) {
    const found = opener.exec(text);
    if (!found) return;
    const end = balancedEnd(text, found.index);
    const span = end > 0 ? text.slice(found.index, end) : null;
    if (span !== null && isJson(span)) {
      yield span;
      opener.lastIndex = end;
    }
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Reasoning models (DeepSeek-R1, Qwen3 on Ollama) lead with <think>…</think>, which may hold draft JSON. */
function dropThinking(reply: string): string {
  const trimmed = reply.trim();
  if (!trimmed.startsWith('<think>')) return trimmed;
  const end = trimmed.indexOf('</think>');
  return end < 0 ? trimmed : trimmed.slice(end + '</think>'.length).trim();
}

/** A fence is stripped only when the reply opens with one: its body up to a closing fence on its own line. */
function fencedBody(reply: string): string | null {
  const open = /^```[\w-]*[ \t]*\n/.exec(reply);
  if (!open) return null;
  const body = reply.slice(open[0].length);
  const close = /\n[ \t]*```[ \t]*(\n|$)/.exec(body);
  return (close ? body.slice(0, close.index) : body).trim();
}

/** Texts to try, best first: the whole reply, a leading fence's body, then each balanced JSON value. */
export function* jsonCandidates(reply: string): Generator<string> {
  const text = dropThinking(reply);
  const seen = new Set<string>();
  const fenced = fencedBody(text);
  for (const c of [text, fenced, ...balancedValues(text)]) {
    if (c === null || seen.has(c)) continue;
    seen.add(c);
    if (isJson(c)) yield c;
  }
}

/** The JSON text a reply holds (the first candidate), or the trimmed reply when there is none. */
export function extractJsonText(reply: string): string {
  for (const c of jsonCandidates(reply)) return c;
  return reply.trim();
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; error: string };

function schemaError(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const list = issues.slice(0, 8).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  return `Does not match the schema: ${list.join('; ')}`;
}

function jsonError(reply: string): string {
  try {
    JSON.parse(reply.trim());
    return 'Not valid JSON';
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const opens = reply.search(/[[{]/);
    if (opens >= 0 && balancedEnd(reply, opens) < 0)
      return `Not valid JSON: the reply ends before its JSON closes (${why})`;
    return `Not valid JSON: ${why}`;
  }
}

/** The first candidate that matches the schema wins; otherwise the first JSON candidate's schema error. */
export function parseReply<T>(reply: string, schema: z.ZodMiniType<T>): Parsed<T> {
  let firstError: string | null = null;
  for (const candidate of jsonCandidates(reply)) {
    const result = schema.safeParse(JSON.parse(candidate));
    if (result.success) return { ok: true, data: result.data };
    firstError ??= schemaError(result.error.issues);
  }
  return { ok: false, error: firstError ?? jsonError(reply) };
}
