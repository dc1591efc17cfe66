// What a site's canonical JSON yields once parsed: the visible branch, ready to fence and store (#3).
import type { Role } from '../model/records';
import type { Site } from '../model/site';

/**
 * GET a same-origin path with the user's session and extra headers, or POST `body` (JSON) where the site's own page
 * reads a conversation that way (Grok's load-responses, #36); throws on HTTP errors.
 */
export type FetchJson = (path: string, headers: Record<string, string>, body?: string) => Promise<unknown>;

export interface ApiTurn {
  id: string;
  role: Role;
  text: string;
  createdAt: string | null;
}

export interface ApiConversation {
  id: string;
  title: string;
  /** The site promised not to remember it (ChatGPT `is_do_not_remember`, Claude `is_temporary`). */
  private: boolean;
  createdAt: string | null;
  turns: ApiTurn[];
  /**
   * The project-like scope the site's JSON names when its URL does not (a Perplexity thread in a Space, #24):
   * the id is the same one the site's scope.ts reads from that scope's own URL.
   */
  project?: { id: string; name: string | null } | null;
  /**
   * Where the site names each turn's author in its JSON (SiteInfo.ownership `json`, #34): false when this JSON did
   * not say who wrote the chat (or who is signed in). Absent: the site's address already says the chat is the
   * person's own.
   */
  authorsKnown?: boolean;
  /** Turns another account wrote, left out of `turns` (#34). */
  othersLeftOut?: number;
}

/**
 * Either the conversation, or why the JSON could not be used: shown in capture health, never silent. A failed read
 * still carries the site's do-not-remember word where the part that says it answered (Le Chat's chat.byId beside a
 * failed message.all, #34): private is private even when the turns could not be read.
 */
export type ApiResult =
  { ok: true; conversation: ApiConversation } | { ok: false; reason: string; private?: true };

/** Seconds since the epoch (ChatGPT) or an ISO string (Claude) → ISO with offset, or null. */
export function isoTime(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** First issue of a zod error, short enough for a status line. */
export function shapeError(what: string, message: string): string {
  return `${what} had an unexpected shape: ${message.split('\n')[0]?.slice(0, 160) ?? ''}`;
}

/** A conversation read from a vendor's data export, ready for the import writer. `S` as in SiteAdapter. */
export interface ImportedConversation<S extends string = Site> extends ApiConversation {
  site: S;
  url: string;
}

export interface ImportParse<S extends string = Site> {
  conversations: ImportedConversation<S>[];
  skipped: { title: string; reason: string }[];
}

/** A memory the vendor saved about the user (ChatGPT "saved memories", Claude memory), to import with its source. */
export interface VendorMemory {
  id: string;
  text: string;
  updatedAt: string | null;
}

export type VendorMemoriesResult = { ok: true; memories: VendorMemory[] } | { ok: false; reason: string };

/**
 * A site's data-export reader, found in its folder (`<site>/export.ts` exports `exportReader`) by the import
 * detector (lib/import/detect.ts): adding one registers it (#24).
 */
export interface ExportReader<S extends string = Site> {
  site: S;
  /** Readers tried after this one: their files look alike (DeepSeek's and ChatGPT's exports both have `mapping`). */
  before?: readonly string[];
  looks(raw: unknown): boolean;
  parse(raw: unknown): ImportParse<S>;
}
