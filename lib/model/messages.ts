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
