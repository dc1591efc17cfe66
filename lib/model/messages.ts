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

/** What the page (or the popup, through the page) knows when recall starts (#5). */
export const RecallRequest = z.object({
  site: z.nullable(Site),
  /** The composer's draft without any Engram block in it. */
  draft: z.string().check(z.maxLength(20_000)),
  /** The conversation's last turns, newest last. */
  recent: z.array(z.string().check(z.maxLength(20_000))).check(z.maxLength(8)),
  /** Project key when the page shows one. */
  scope: z.nullable(z.string().check(z.maxLength(200))),
  /** The site's id of the open conversation: its own turns are never offered back as "From past chats". */
  conversationId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  /** The preview's slider; null means the setting. */
  budgetTokens: z.nullable(z.number().check(z.int(), z.gte(100), z.lte(8000))),
  exclude: z.array(z.string()).check(z.maxLength(500)),
});
export type RecallRequest = z.infer<typeof RecallRequest>;

export const RecallLine = z.object({
  id: z.string(),
  text: z.string(),
  section: z.enum(['standing', 'about', 'context', 'past']),
  tokens: z.number(),
  day: z.nullable(z.string()),
});
export type RecallLine = z.infer<typeof RecallLine>;

export const RecallReply = z.object({
  mode: z.enum(['draft', 'recent', 'profile']),
  lines: z.array(RecallLine),
  /** The block to insert, or "" when nothing was chosen. */
  text: z.string(),
  tokens: z.number(),
  budgetTokens: z.number(),
});
export type RecallReply = z.infer<typeof RecallReply>;

export const OfferRequest = z.object({ site: Site, scope: z.nullable(z.string().check(z.maxLength(200))) });
/** null when "Offer memory on new chats" is off. */
export const OfferReply = z.object({ count: z.nullable(z.number()) });

/** The page's side of recall, asked by the popup through the content script. */
export const PageContext = z.object({
  site: Site,
  draft: z.string(),
  recent: z.array(z.string()),
  scope: z.nullable(z.string()),
  conversationId: z.nullable(z.string()),
});
export type PageContext = z.infer<typeof PageContext>;

export const InsertTextRequest = z.object({ text: z.string().check(z.maxLength(200_000)) });
export const InsertTextReply = z.object({ ok: z.boolean(), message: z.string() });
export type InsertTextReply = z.infer<typeof InsertTextReply>;
