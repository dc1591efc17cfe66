// The single source of every stored record. Types are inferred; Dexie tables and messages use them.
// zod/mini because content scripts import message types and must stay small (classic zod ~84 kB, mini ~16 kB).
import { z } from 'zod/mini';
import { CaptureSaid } from './notice';
import { Said } from './problem';
import { SITE_HOSTS } from './site-hosts';
import { Site } from './site';

export const Role = z.enum(['user', 'assistant']);
export type Role = z.infer<typeof Role>;

const isoDate = z.iso.datetime({ offset: true });

/** How a conversation's turns were read: the site's own JSON, the page's markup, not at all, or a data export (#3). */
export const CaptureStrategy = z.enum(['api', 'page', 'none', 'import']);
export type CaptureStrategy = z.infer<typeof CaptureStrategy>;

export const CaptureHealth = z.object({
  strategy: CaptureStrategy,
  turnsSeen: z.number().check(z.int(), z.nonnegative()),
  turnsStored: z.number().check(z.int(), z.nonnegative()),
  /** Stored in English before #37: a record kept from then still shows its line, quoted. */
  lastError: z.nullable(CaptureSaid),
  checkedAt: isoDate,
});
export type CaptureHealth = z.infer<typeof CaptureHealth>;

/**
 * An https address on one of the site's own hosts (site-hosts.ts). Links to conversations are
 * rendered and opened: an imported `javascript:` or foreign URL must never be stored (#12).
 */
export function isSiteUrl(site: Site, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return u.protocol === 'https:' && SITE_HOSTS[site].includes(u.hostname) && !u.username && !u.password;
}

export const Conversation = z
  .object({
    /** `${site}:${id}`: the primary key, unique across sites. */
    key: z.string().check(z.minLength(3)),
    site: Site,
    /** The site's own conversation id. */
    id: z.string().check(z.minLength(1)),
    url: z.string(),
    title: z.string(),
    /** Project or workspace key when the site shows one; null means no project. */
    scope: z.nullable(z.string()),
    createdAt: z.nullable(isoDate),
    updatedAt: isoDate,
    health: CaptureHealth,
  })
  .check(
    z.refine((c) => isSiteUrl(c.site, c.url), {
      path: ['url'],
      message: 'must be an https address on the site’s own host',
    }),
  );
export type Conversation = z.infer<typeof Conversation>;

export const Turn = z.object({
  /** `${conversationKey}:${id}`: the primary key. */
  key: z.string(),
  conversationKey: z.string(),
  /** The site's message id, or a stable hash (`h:` prefix) when the page gives none. */
  id: z.string().check(z.minLength(1)),
  role: Role,
  text: z.string(),
  createdAt: z.nullable(isoDate),
  order: z.number().check(z.int(), z.nonnegative()),
  /** True when an edit or regeneration replaced this turn on the visible branch; kept, never deleted. */
  superseded: z.boolean(),
  capturedAt: isoDate,
});
export type Turn = z.infer<typeof Turn>;

export const MemoryType = z.enum(['profile', 'preference', 'instruction', 'event', 'correction']);
export type MemoryType = z.infer<typeof MemoryType>;

export const MemoryStatus = z.enum(['active', 'pending', 'archived', 'deleted']);
export type MemoryStatus = z.infer<typeof MemoryStatus>;

export const MemorySource = z
  .object({
    site: z.nullable(Site),
    conversationId: z.nullable(z.string()),
    turnIds: z.array(z.string()),
    url: z.nullable(z.string()),
    /**
     * A desktop agent that proposed the memory through engram-mcp (#27): the name its MCP client gave, which it
     * chose itself. Optional, so records from before it (and devices that do not know it) still parse.
     */
    agent: z.optional(z.string().check(z.maxLength(80))),
  })
  .check(
    z.refine((s) => s.url === null || (s.site !== null && isSiteUrl(s.site, s.url)), {
      path: ['url'],
      message: 'must be an https address on the site’s own host',
    }),
  );
export type MemorySource = z.infer<typeof MemorySource>;

/** Standing rules sort before every ranked memory; see the recall issue (#5). */
export const STANDING_RULE = -1;

export const Memory = z.object({
  id: z.string().check(z.minLength(1)),
  text: z.string().check(z.minLength(1), z.maxLength(2000)),
  type: MemoryType,
  /** 0–100, or -1 for a standing rule. */
  priority: z.number().check(z.int(), z.gte(STANDING_RULE), z.lte(100)),
  confidence: z.number().check(z.gte(0), z.lte(1)),
  /** Who the fact is about: "user" unless the conversation names someone else. */
  attributedTo: z.string(),
  occurredStart: z.nullable(isoDate),
  occurredEnd: z.nullable(isoDate),
  mentionedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  sources: z.array(MemorySource),
  proofCount: z.number().check(z.int(), z.gte(1)),
  /** "global", or a project/site key such as "site:chatgpt". */
  scope: z.string().check(z.minLength(1)),
  status: MemoryStatus,
  pinned: z.boolean(),
  /** o200k_base tokens, counted once at write time so recall never loads the tokenizer. */
  tokenCount: z.number().check(z.int(), z.nonnegative()),
});
export type Memory = z.infer<typeof Memory>;

export const MemoryOp = z.enum([
  'add',
  'update',
  'delete',
  'restore',
  'confirm',
  'pin',
  'unpin',
  'approve',
  'reject',
]);
export type MemoryOp = z.infer<typeof MemoryOp>;

/** `agent`: a desktop agent through engram-mcp (#27), named in the event's `agent`; it only ever proposes. */
export const Actor = z.enum(['user', 'extractor', 'import', 'agent']);
export type Actor = z.infer<typeof Actor>;

export const MemoryEvent = z.object({
  id: z.string(),
  memoryId: z.string(),
  op: MemoryOp,
  before: z.nullable(Memory),
  after: z.nullable(Memory),
  reason: z.string(),
  actor: Actor,
  jobId: z.nullable(z.string()),
  promptVersion: z.nullable(z.string()),
  model: z.nullable(z.string()),
  at: isoDate,
  /**
   * Set on every event an import wrote (#25): a file's history is a log of what happened elsewhere, never what
   * this device's extractor did today (lib/store/limits.ts). Device-local: never exported (lib/model/export.ts).
   */
  imported: z.optional(z.boolean()),
  agent: z.optional(z.string().check(z.maxLength(80))),
  /**
   * Orders one memory's changes made in the same millisecond (Delete, then Undo): the writing device numbers an
   * event after that memory's events with the same `at` (lib/store/event-order.ts). Absent on older events.
   */
  seq: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type MemoryEvent = z.infer<typeof MemoryEvent>;

export const JobStatus = z.enum(['pending', 'running', 'done', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

/** One extraction run over a settled conversation; persisted so a killed service worker loses nothing. */
export const Job = z.object({
  id: z.string(),
  kind: z.literal('extract'),
  conversationKey: z.string(),
  status: JobStatus,
  attempts: z.number().check(z.int(), z.nonnegative()),
  /** Only turns with order >= fromOrder are new for this job. */
  fromOrder: z.number().check(z.int(), z.nonnegative()),
  runAfter: isoDate,
  leaseUntil: z.nullable(isoDate),
  /** Why it waits or failed: a code the page words, or an error's text; a line stored before #37 is English. */
  lastError: z.nullable(Said),
  createdAt: isoDate,
  updatedAt: isoDate,
  /**
   * The last turn order this job covered, set when it runs; the next job starts after it (#4). On a failed
   * job (the dead letter), the last turn it attempted: later jobs skip fromOrder..toOrder, and its Retry
   * re-sends exactly those turns, as a pending job with toOrder set (#12).
   */
  toOrder: z.optional(z.number().check(z.int(), z.gte(-1))),
  /** Which service-worker instance holds the lease; a new instance reclaims the old one's jobs (#4). */
  leaseOwner: z.optional(z.nullable(z.string())),
});
export type Job = z.infer<typeof Job>;

/** One provider call's cost, recorded by the pipeline (#4) and shown per day in Activity (#6). */
export const Usage = z.object({
  id: z.string(),
  at: isoDate,
  /** YYYY-MM-DD (UTC), indexed for the per-day view. */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  provider: z.string(),
  model: z.string(),
  promptTokens: z.number().check(z.int(), z.nonnegative()),
  completionTokens: z.number().check(z.int(), z.nonnegative()),
  /** Estimated from a price table when the model is known; null otherwise. */
  costUsd: z.nullable(z.number().check(z.nonnegative())),
  jobId: z.nullable(z.string()),
  /**
   * Set on every row an import wrote (#25): what the calls cost where they were made, shown in Activity's history,
   * never counted against this device's daily token cap. Device-local: never exported (lib/model/export.ts).
   */
  imported: z.optional(z.boolean()),
});
export type Usage = z.infer<typeof Usage>;
