// What the extension and the engram-mcp server (mcp/) say to each other over a loopback WebSocket (#27), in one
// place: both sides validate every message they receive against these schemas. The server is a local process,
// so to the extension it is a new attacker (SECURITY.md, "Desktop apps"); nothing it sends is trusted unparsed.
// With the other schemas on the ground floor (#38): lib/agents and mcp/ build on it, and it on nothing above.
import { z } from 'zod/mini';
import { MemoryType } from './records';

/** The ports a server may take: the first free one, so several agents (Claude Desktop, Cursor…) run at once. */
export const FIRST_PORT = 47310;
export const PORT_COUNT = 16;
export const PORTS: readonly number[] = Array.from({ length: PORT_COUNT }, (_, i) => FIRST_PORT + i);
export const HOST = '127.0.0.1';
/** The probe reply's header naming the server process (lib/agents/links.ts, mcp/src/listen.ts). */
export const INSTANCE_HEADER = 'X-Engram-Instance';

/** 32 random bytes in base64url, from either side's `crypto.getRandomValues`. */
const Nonce = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));
const Proof = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

/** Control characters and bidi overrides removed: an agent's self-chosen name is shown in Options and Review. */
const Label = (max: number) =>
  z.pipe(
    z.string().check(z.maxLength(400)),
    z.transform((s) =>
      s
        .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
        .trim()
        .slice(0, max),
    ),
  );

export const Agent = z.object({ name: Label(80), version: Label(40) });
export type Agent = z.infer<typeof Agent>;

export const SearchArgs = z.object({
  query: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  budget: z.optional(z.number().check(z.int(), z.gte(100), z.lte(8000))),
});
export const ListArgs = z.object({
  type: z.optional(MemoryType),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(200))),
});
export const RememberArgs = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  type: z.optional(MemoryType),
});
export type SearchArgs = z.infer<typeof SearchArgs>;
export type ListArgs = z.infer<typeof ListArgs>;
export type RememberArgs = z.infer<typeof RememberArgs>;

const CallId = z.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER));
const base = { t: z.literal('call'), id: CallId, agent: Agent };
export const Call = z.discriminatedUnion('tool', [
  z.object({ ...base, tool: z.literal('search_memory'), args: SearchArgs }),
  z.object({ ...base, tool: z.literal('list_memories'), args: ListArgs }),
  z.object({ ...base, tool: z.literal('remember'), args: RememberArgs }),
]);
export type Call = z.infer<typeof Call>;

/**
 * Server to extension: the handshake's first word and its proof, then the agent's name (from MCP's `initialize`,
 * once the agent has sent it), calls, and keepalive answers.
 */
export const FromServer = z.union([
  z.object({ t: z.literal('hello'), v: z.literal(1), nonce: Nonce }),
  z.object({ t: z.literal('proof'), proof: Proof }),
  z.object({ t: z.literal('agent'), agent: Agent }),
  Call,
  z.object({ t: z.literal('pong') }),
]);
export type FromServer = z.infer<typeof FromServer>;

const Site = z.nullable(z.string().check(z.maxLength(40)));
export const Line = z.object({
  text: z.string(),
  /** A memory, or a quote from a past chat ("From past chats" in the inserted block). */
  kind: z.enum(['memory', 'past']),
  type: z.nullable(MemoryType),
  /** YYYY-MM-DD: when it happened or was last said, as the block dates it. */
  date: z.nullable(z.string()),
  site: Site,
});
export const SearchResult = z.object({
  lines: z.array(Line),
  block: z.string(),
  tokens: z.number(),
  budgetTokens: z.number(),
});
export const ListedMemory = z.object({
  text: z.string(),
  type: MemoryType,
  date: z.string(),
  site: Site,
  scope: z.string(),
});
export const ListResult = z.object({ memories: z.array(ListedMemory) });
export const RememberResult = z.object({ id: z.string(), status: z.literal('waiting for review') });
export type SearchResult = z.infer<typeof SearchResult>;
export type ListResult = z.infer<typeof ListResult>;
export type RememberResult = z.infer<typeof RememberResult>;

export const ResultData = z.union([SearchResult, ListResult, RememberResult]);
export type ResultData = z.infer<typeof ResultData>;

/**
 * Extension to server. `waiting`: the answer takes longer than a call's 5 s, because the person is being asked
 * (Options → Desktop apps → Ask me each time) or a `remember` builds the token encoder after a worker start.
 */
export const FromExtension = z.union([
  z.object({ t: z.literal('auth'), nonce: Nonce, proof: Proof }),
  z.object({ t: z.literal('result'), id: CallId, ok: z.literal(true), data: ResultData }),
  z.object({
    t: z.literal('result'),
    id: CallId,
    ok: z.literal(false),
    message: z.string().check(z.maxLength(500)),
  }),
  z.object({ t: z.literal('waiting'), id: CallId }),
  z.object({ t: z.literal('ping') }),
  z.object({ t: z.literal('bye'), reason: z.enum(['off', 'secret']) }),
]);
export type FromExtension = z.infer<typeof FromExtension>;

/** Parses one frame's text; null for anything that is not JSON of the expected shape. */
export function parseFrame<T>(schema: z.ZodMiniType<T>, text: string): T | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
