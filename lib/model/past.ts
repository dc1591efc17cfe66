// Messages to and from the past-turn index (#13): background -> offscreen document -> its worker on Chrome,
// background -> worker on Firefox. Every hop validates with these (lib/messaging/offscreen.ts).
import { z } from 'zod/mini';

const Key = z.string().check(z.minLength(1), z.maxLength(2000));

export const PassageMsg = z.object({
  id: Key,
  turnKey: Key,
  chunk: z.number().check(z.int(), z.nonnegative()),
  conversationKey: Key,
  who: z.string().check(z.maxLength(100)),
  role: z.enum(['user', 'assistant']),
  at: z.string().check(z.maxLength(40)),
  text: z.string(),
  context: z.string(),
});

export const PastOp = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('open'),
    /** Whether passages are redacted (Settings → Redact secrets): an index built the other way is rebuilt. */
    redacted: z.optional(z.boolean()),
  }),
  z.object({
    op: z.literal('put'),
    conversations: z.array(z.object({ key: Key, passages: z.array(PassageMsg) })),
    /** The newest capturedAt this batch covers: the catch-up point after a crash. */
    highWater: z.nullable(z.string()),
    /** The last batch of a full rebuild: until it lands, a reopened index counts as missing. */
    built: z.optional(z.boolean()),
  }),
  z.object({ op: z.literal('delete'), keys: z.array(Key) }),
  z.object({ op: z.literal('clear') }),
  z.object({
    op: z.literal('query'),
    query: z.string().check(z.maxLength(20_000)),
    limit: z.number().check(z.int(), z.positive(), z.maximum(500)),
    skipConversation: z.nullable(z.string()),
  }),
  z.object({ op: z.literal('stats') }),
]);
export type PastOp = z.infer<typeof PastOp>;

export const PastHitMsg = z.object({
  id: Key,
  turnKey: Key,
  who: z.string(),
  role: z.enum(['user', 'assistant']),
  at: z.string(),
  text: z.string(),
  score: z.number(),
  /** Tokens of the line as the block prints it (lib/past/lines.ts), counted where the encoder stays built. */
  tokens: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Tokens of its whole printed line, "- " and line break included (lib/past/lines.ts hitLineText, #28). */
  lineTokens: z.optional(z.number().check(z.int(), z.nonnegative())),
});

export const PastIndexStats = z.object({
  passages: z.number().check(z.int(), z.nonnegative()),
  /** The database file's size in OPFS (0 when the index runs in memory). */
  bytesOnDisk: z.number().check(z.nonnegative()),
  /** The newest capturedAt indexed; null before the first build. */
  highWater: z.nullable(z.string()),
  /** When the index last took a write (ISO), for capture-to-searchable time. */
  lastIndexedAt: z.nullable(z.string()),
  /** Conversations the background still has to (re)index. */
  pending: z.number().check(z.int(), z.nonnegative()),
  persistent: z.boolean(),
});
export type PastIndexStats = z.infer<typeof PastIndexStats>;

/** One reply shape for every op: what that op produced, nothing else set. */
export const PastReply = z.object({
  /** open: the index was missing, of another version or unreadable, and is now empty (rebuild from Dexie). */
  empty: z.optional(z.boolean()),
  hits: z.optional(z.array(PastHitMsg)),
  stats: z.optional(PastIndexStats),
});
export type PastReply = z.infer<typeof PastReply>;
