// Request and reply schemas of every cross-context message. lib/messages.ts turns them into the protocol map.
import { z } from 'zod/mini';
import { CaptureStrategy, Memory, MemoryType, Role, Site } from './records';

export const CapturedTurn = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  role: Role,
  text: z.string().check(z.maxLength(200_000)),
  createdAt: z.nullable(z.iso.datetime({ offset: true })),
});
export type CapturedTurn = z.infer<typeof CapturedTurn>;

export const CaptureRequest = z.object({
  site: Site,
  conversationId: z.string().check(z.minLength(1), z.maxLength(200)),
  url: z.url({ protocol: /^https$/ }),
  title: z.string().check(z.maxLength(500)),
  strategy: CaptureStrategy,
  /** The visible branch, in page order. */
  turns: z.array(CapturedTurn).check(z.maxLength(5000)),
});
export type CaptureRequest = z.infer<typeof CaptureRequest>;

export const CaptureReply = z.object({
  stored: z.number(),
  seen: z.number(),
  skipped: z.nullable(z.string()),
});
export type CaptureReply = z.infer<typeof CaptureReply>;

export const NewMemory = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  type: MemoryType,
  priority: z.optional(z.number().check(z.int(), z.gte(-1), z.lte(100))),
  scope: z.optional(z.string().check(z.minLength(1))),
  pinned: z.optional(z.boolean()),
});
export type NewMemory = z.infer<typeof NewMemory>;

export const MemoryId = z.object({ id: z.string().check(z.minLength(1)) });

export const BlockRequest = z.object({ site: z.nullable(Site) });
export const BlockReply = z.object({ text: z.string(), count: z.number(), tokens: z.number() });
export type BlockReply = z.infer<typeof BlockReply>;

export const Ok = z.object({ ok: z.literal(true) });

export { Memory };

// Memory management from the options page and popup (#6). Every one is `callers: ['extension']`.
const Priority = z.number().check(z.int(), z.gte(-1), z.lte(100));
const Scope = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const MemoryPatch = z.object({
  id: z.string().check(z.minLength(1)),
  text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
  type: z.optional(MemoryType),
  priority: z.optional(Priority),
  scope: z.optional(Scope),
});
export type MemoryPatch = z.infer<typeof MemoryPatch>;

export const PinRequest = z.object({ id: z.string().check(z.minLength(1)), pinned: z.boolean() });

export const BulkRequest = z.object({
  ids: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(20_000)),
  action: z.enum(['delete', 'pin', 'unpin', 'scope']),
  /** Required when action is "scope". */
  scope: z.optional(Scope),
});
export type BulkRequest = z.infer<typeof BulkRequest>;
export const BulkReply = z.object({ changed: z.number() });

/** Approve a pending memory, optionally with the user's edited text. */
export const ApproveRequest = z.object({
  id: z.string().check(z.minLength(1)),
  text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
});
export const ApproveAllReply = z.object({ approved: z.number() });

export const DeleteConversationRequest = z.object({
  key: z.string().check(z.minLength(3)),
  removeMemories: z.boolean(),
});
export const DeleteConversationReply = z.object({ turns: z.number(), memories: z.number() });

/** The user typed DELETE; the schema makes the background check it too. */
export const DeleteEverythingRequest = z.object({ confirm: z.literal('DELETE') });

export const JobId = z.object({ id: z.string().check(z.minLength(1)) });
export const Empty = z.object({});
