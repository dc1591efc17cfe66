// Messages to and from the past-turn index (#13): background -> offscreen document -> its worker on Chrome,
// background -> worker on Firefox. Every hop validates with these (lib/messaging/offscreen.ts).
import { z } from 'zod/mini';
import { Memory } from './records';

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

/** A memory as ranking reads it (lib/recall/index.ts Recallable), with its source turns as evidence keys. */
export const RecallableMsg = z.extend(
  z.pick(Memory, {
    ...{
      id: true,
      text: true,
      type: true,
      priority: true,
      pinned: true,
      proofCount: true,
      mentionedAt: true,
    },
    ...{ occurredStart: true, occurredEnd: true, scope: true, status: true, tokenCount: true },
  }),
  { evidence: z.optional(z.array(Key)) },
);

/** A memory the index holds, with the stems it was indexed under (diversity compares them, #5). */
export const MemoryRowMsg = z.object({ memory: RecallableMsg, stems: z.string() });

/** What recall asks the memory table (#28): the best matches of a query, or the profile block's candidates. */
export const MemoryQuery = z.object({
  mode: z.enum(['lexical', 'profile']),
  query: z.string().check(z.maxLength(20_000)),
  /** Scopes a profile candidate may have; null allows all (lexical hits are filtered by recall, as before). */
  scopes: z.nullable(z.array(Key)),
  /** Memories the person removed in the preview: sent back so their near-duplicates stay out too. */
  exclude: z.array(Key).check(z.maxLength(500)),
  now: z.number(),
});
export type MemoryQuery = z.infer<typeof MemoryQuery>;

/** The table's answer: ranked hits (lexical relevance, or profile candidates), reserved lines, asked-for rows. */
export const MemoryAnswer = z.object({
  /** `boost`: recall's boost of the hit for this query's `now` (lib/recall/boost.ts), computed where it is kept. */
  hits: z.array(z.extend(MemoryRowMsg, { score: z.number(), boost: z.optional(z.number()) })),
  /** Every lexical match's id and relevance, best first; `hits` holds the rows recall can pack (#28). */
  lexical: z.array(z.tuple([Key, z.number()])).check(z.maxLength(1000)),
  reserved: z.array(MemoryRowMsg),
  extra: z.array(MemoryRowMsg),
});
export type MemoryAnswer = z.infer<typeof MemoryAnswer>;

/** The memory table's state when opened: empty means rebuild from the store. */
export const MemoryTableState = z.object({
  empty: z.boolean(),
  count: z.number().check(z.int(), z.nonnegative()),
  /** The newest updatedAt it holds: the store's changes since are caught up at each query. */
  highWater: z.nullable(z.string()),
});

const memoryOps = [
  z.object({ op: z.literal('memOpen') }),
  z.object({
    op: z.literal('memPut'),
    /** Active memories are upserted, any other status removed. */
    memories: z.array(RecallableMsg).check(z.maxLength(2000)),
    /** The newest updatedAt among them: the store's changes since are caught up at the next query. */
    highWater: z.nullable(z.string()),
    /** The last batch of a full rebuild: until it lands, a reopened table counts as empty. */
    built: z.optional(z.boolean()),
  }),
  z.object({ op: z.literal('memDelete'), ids: z.array(Key) }),
  z.object({ op: z.literal('memClear') }),
  /** Every id the table holds: the fault schedules check it against the store's active memories (#12). */
  z.object({ op: z.literal('memIds') }),
  z.extend(MemoryQuery, { op: z.literal('memQuery') }),
] as const;

export const PastOp = z.discriminatedUnion('op', [
  ...memoryOps,
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
    /** The person's language's line labels (#37: "Me", "Quoted AI answer"), so counts match the shown text. */
    labels: z.optional(z.object({ me: z.string(), answer: z.string() })),
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
  /** memOpen, memPut, memDelete, memClear: the memory table's state after the op. */
  memoryTable: z.optional(MemoryTableState),
  memories: z.optional(MemoryAnswer),
  memoryIds: z.optional(z.array(Key)),
});
export type PastReply = z.infer<typeof PastReply>;
