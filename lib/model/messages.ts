// Request and reply schemas of every cross-context message. lib/messaging/ turns them into one protocol map
// per receiver (background.ts, offscreen.ts, tab.ts, frame.ts).
import { z } from 'zod/mini';
import { CaptureSaid, CaptureNotice } from './notice';
import { CaptureStrategy, Memory, MemoryType, Role } from './records';
import { Site } from './site';

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
  /** Why the site's JSON was not used, when the turns come from the page (#3 health). */
  note: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  /**
   * True when `turns` is the whole visible branch (site JSON, or a page that mounts every turn): stored turns
   * missing from it were replaced by an edit or regenerate and are marked superseded. False for a windowed page
   * that mounts only a few turns at a time, whose turns accumulate (#3).
   */
  complete: z.optional(z.boolean()),
  /**
   * The project-like scope the site's JSON names where the URL does not (a Perplexity thread in a Space, a Le Chat
   * chat in a project, #24); taken only from a site whose folder says its JSON names one (lib/sites/projects.ts).
   */
  project: z.optional(z.nullable(z.object({ id: z.string().check(z.regex(/^[\w.-]{1,200}$/)) }))),
  /**
   * From the site's JSON only: it said the chat is not private and holds no other account's turn, so the page may
   * be read for it later where only the JSON can say so (lib/sites/privacy.ts, #34).
   */
  confirmed: z.optional(z.boolean()),
  /**
   * Messages the page showed whose text the site's reader could not find (#36): left out of `turns`, and said in
   * capture health (the popup, Activity) so a changed layout is never silent.
   */
  unread: z.optional(z.number().check(z.int(), z.nonnegative(), z.lte(5000))),
  /**
   * When the tab began this read (ms since 1970). Reads overlap (a JSON read and a page read, two tabs of one chat),
   * so one begun before the stored one may arrive after it: the background never lets it supersede newer turns.
   */
  readAt: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type CaptureRequest = z.infer<typeof CaptureRequest>;

export const CaptureReply = z.object({
  stored: z.number(),
  seen: z.number(),
  /** Why nothing was stored (#37: a code the page words). */
  skipped: z.nullable(CaptureNotice),
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

/**
 * What a tab's capture is doing, in the words the popup shows (#3 health). `limited`: Engram paused it, the tab
 * having sent more than its limits allow (lib/background/capture/capture-budget.ts, #25). `shared`: the page
 * shows someone else's thread, read-only (a share page, #36) or one the site's JSON says another account wrote
 * (#34), which is never captured. `unconfirmed`: only the site's JSON can say the chat is not private and the
 * person's own, and it did not (lib/sites/privacy.ts, #34).
 */
export const CaptureState = z.enum([
  'capturing',
  'private',
  'shared',
  'off',
  'broken',
  'idle',
  'limited',
  'unconfirmed',
]);
export type CaptureState = z.infer<typeof CaptureState>;

export const CaptureStatus = z.object({
  site: Site,
  conversationId: z.nullable(z.string().check(z.maxLength(200))),
  url: z.string().check(z.maxLength(2000)),
  state: CaptureState,
  strategy: CaptureStrategy,
  turnsSeen: z.number().check(z.int(), z.nonnegative()),
  turnsStored: z.number().check(z.int(), z.nonnegative()),
  /** Why capture is broken, off, or fell back to the page (the site's reason, quoted); null when all is well. */
  lastError: z.nullable(CaptureSaid),
  /** Messages on the page the reader could not read (CaptureRequest.unread), when there were any. */
  unread: z.optional(z.number().check(z.int(), z.nonnegative())),
  checkedAt: z.iso.datetime({ offset: true }),
});
export type CaptureStatus = z.infer<typeof CaptureStatus>;

export const TabQuery = z.object({ tabId: z.number().check(z.int()) });
export const MaybeCaptureStatus = z.nullable(CaptureStatus);

/** A capture problem kept for the options page: broken pages and site-data failures (#3). */
export const CaptureProblem = z.object({
  site: Site,
  conversationId: z.nullable(z.string()),
  url: z.string(),
  kind: z.enum(['broken', 'fallback', 'limited', 'unread', 'unconfirmed']),
  /** A notice since #37; a stored problem from before says it in English, shown quoted. */
  detail: CaptureSaid,
  at: z.iso.datetime({ offset: true }),
});
export type CaptureProblem = z.infer<typeof CaptureProblem>;

/** A chat page names one of its own conversations (#34); the background checks the claim against its sender. */
export const ChatRef = z.object({
  site: Site,
  conversationId: z.string().check(z.minLength(1), z.maxLength(200)),
  url: z.url({ protocol: /^https$/ }),
});
export type ChatRef = z.infer<typeof ChatRef>;

export const PrivacyMarkReply = z.object({ mark: z.nullable(z.enum(['private', 'confirmed'])) });

// Import messages live beside these (#25 made them grow); re-exported so callers keep one module.
export * from './import-messages';
// So do the requests a chat tab parses, kept apart for its content script to bundle alone (#38).
export * from './tab-messages';

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
/** `held`: proposals Approve all leaves for their own card (lib/pipeline/held.ts, #34 item 3). */
export const ApproveAllReply = z.object({ approved: z.number(), held: z.number() });

export const DeleteConversationRequest = z.object({
  key: z.string().check(z.minLength(3)),
  removeMemories: z.boolean(),
});
export const DeleteConversationReply = z.object({ turns: z.number(), memories: z.number() });

/** The user typed DELETE; the schema makes the background check it too. */
export const DeleteEverythingRequest = z.object({ confirm: z.literal('DELETE') });

export const JobId = z.object({ id: z.string().check(z.minLength(1)) });
export const Empty = z.object({});
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
  /** The instant `day` names (ISO 8601), for desktop apps' YYYY-MM-DD (#34 item 10). */
  at: z.optional(z.nullable(z.string())),
  /** The memory's type, so the preview labels a Preference as one (#16); null for a past-chat excerpt. */
  type: z.optional(z.nullable(MemoryType)),
  /** A past-chat excerpt of an assistant's answer: labelled as a quote, never as the person's note (#25). */
  answer: z.optional(z.boolean()),
});
export type RecallLine = z.infer<typeof RecallLine>;

export const RecallReply = z.object({
  mode: z.enum(['draft', 'recent', 'profile']),
  lines: z.array(RecallLine),
  /** The block to insert, or "" when nothing was chosen. */
  text: z.string(),
  tokens: z.number(),
  budgetTokens: z.number(),
  /** Memories that would have been chosen but did not fit the budget (#16: they vanished without a word). */
  leftOut: z.optional(z.number()),
});
export type RecallReply = z.infer<typeof RecallReply>;

export const OfferRequest = z.object({ site: Site, scope: z.nullable(z.string().check(z.maxLength(200))) });
/** null when "Offer memory on new chats" is off, or Engram is off for the site. */
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

export const InsertTextReply = z.object({ ok: z.boolean(), message: z.string() });
export type InsertTextReply = z.infer<typeof InsertTextReply>;

// The preview frame's registry (#11): the background hands the chat tab's content script a one-time token for
// the frame it creates; the frame presents it once, and from then on the background knows that frame (tab and
// frame id) and gives open and close orders to it alone. A frame it does not know shows nothing.
const Token = z.string().check(z.regex(/^[0-9a-f]{32}$/));
export const PreviewToken = z.object({ token: Token });
/** What the content script reads when the person opens the preview; bounded like a recall request. */
export const PreviewContext = z.object({
  site: Site,
  draft: z.string().check(z.maxLength(20_000)),
  recent: z.array(z.string().check(z.maxLength(20_000))).check(z.maxLength(8)),
  scope: z.nullable(z.string().check(z.maxLength(200))),
  conversationId: z.nullable(z.string().check(z.maxLength(200))),
});
export const PreviewShow = z.object({ context: PreviewContext });
/** An open order: `n` counts the tab's opens, so the frame acts on each once (insert.e2e Remove flake). */
export const PreviewOpen = z.object({ n: z.number().check(z.int(), z.positive()), context: PreviewContext });
export type PreviewOpen = z.infer<typeof PreviewOpen>;
export const PreviewHelloReply = z.object({ ok: z.boolean(), open: z.nullable(PreviewOpen) });
/** The background's order to the one frame it registered for a tab (lib/messaging/frame.ts). */
export const FrameOrder = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), open: PreviewOpen }),
  z.object({ kind: z.literal('close') }),
]);
export type FrameOrder = z.infer<typeof FrameOrder>;
