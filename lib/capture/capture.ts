// Capture orchestration, site-agnostic: the site's JSON first, the page's markup when that fails, and a status
// report either way so a broken capture is never silent (#3).
import type { CaptureReply, CaptureRequest, CaptureStatus, ChatRef } from '../model/messages';
import type { SiteAdapter } from '../sites/adapter';
import type { ApiConversation, FetchJson } from '../sites/api-types';
import type { PrivacyMark } from '../sites/privacy';
import { fenceOwnBlock } from './fence';
import { assignTurnIds } from './turn-id';

export interface CapturePage {
  document: Document;
  href: () => string;
}

export interface CaptureEnv {
  adapter: SiteAdapter;
  page: CapturePage;
  fetchJson: FetchJson;
  cookie: () => string;
  send: (req: CaptureRequest) => Promise<CaptureReply>;
  report: (status: CaptureStatus) => Promise<unknown>;
  /** The background's verdicts per chat (#34): what it keeps, and "this one is private, forget it". */
  privacy: {
    mark: (chat: ChatRef) => Promise<PrivacyMark | null>;
    forget: (chat: ChatRef) => Promise<unknown>;
  };
}

export type StatusInput = Pick<CaptureStatus, 'state' | 'strategy' | 'turnsSeen' | 'lastError'> & {
  conversationId: string | null;
};

/** Engram's own block out, empty turns out: what is left is what the person said and read. */
export function fenceTurns<T extends { text: string }>(turns: T[]): T[] {
  return turns.map((t) => ({ ...t, text: fenceOwnBlock(t.text) })).filter((t) => t.text.length > 0);
}

/** The site's do-not-remember promise, by URL or by what only the page shows (Gemini's temporary chat, #24). */
export function isPrivateChat(adapter: SiteAdapter, url: URL, doc: Document): boolean {
  return adapter.isPrivate(url) || adapter.isPrivatePage(doc);
}

/**
 * What the page shows now, as a capture request, or null when there is nothing to store yet. A message the reader
 * could not read is left out and counted (`unread`), and the read is then never complete: a stored turn it would
 * have matched must not be marked replaced.
 */
export function readPage(adapter: SiteAdapter, page: CapturePage): CaptureRequest | null {
  const url = new URL(page.href());
  const conversationId = adapter.conversationId(url);
  if (!conversationId || isPrivateChat(adapter, url, page.document)) return null;
  if (adapter.isSharedView(page.document)) return null;
  // A reply still streaming is read when it settles; the next change after that triggers a scan.
  if (adapter.isStreaming(page.document)) return null;
  const read = adapter.parseTurns(page.document);
  const unread = read.filter((t) => t.missed).length;
  const parsed = fenceTurns(read.filter((t) => !t.missed));
  const ids = assignTurnIds(parsed);
  return {
    site: adapter.site,
    conversationId,
    url: url.href,
    title: page.document.title,
    strategy: 'page',
    complete: unread === 0 && !adapter.isWindowed(page.document),
    turns: parsed.map((t, i) => ({ id: ids[i] ?? `h:${i}`, role: t.role, text: t.text, createdAt: null })),
    ...(unread > 0 ? { unread } : {}),
  };
}

/** The site's JSON as a capture request: always the whole visible branch, and the scope it names. */
export function apiRequest(
  adapter: SiteAdapter,
  url: URL,
  conversationId: string,
  title: string,
  conversation: Pick<ApiConversation, 'turns' | 'project'>,
): CaptureRequest {
  // An id the background would refuse (lib/model/messages.ts) is left out, not the whole capture with it.
  const id = conversation.project?.id;
  const project = id && /^[\w.-]{1,200}$/.test(id) ? { id } : null;
  return {
    site: adapter.site,
    conversationId,
    url: url.href,
    title,
    strategy: 'api',
    complete: true,
    turns: fenceTurns(conversation.turns),
    project,
  };
}

/** Sends a request whenever it differs from the last one sent; a failed send is retried next time. */
export function createSender(send: CaptureEnv['send']): (req: CaptureRequest) => Promise<void> {
  let lastSent = '';
  return async (req) => {
    const signature = JSON.stringify([req.conversationId, req.strategy, req.note, req.turns]);
    if (signature === lastSent) return;
    lastSent = signature;
    try {
      await send(req);
    } catch (error) {
      lastSent = ''; // the background was asleep or restarting: try again on the next change
      console.warn('[Engram] capture not stored:', error);
    }
  };
}

/**
 * Reports a status whenever it or the page's address differs from the last one reported: a new thread that
 * becomes its own URL (Perplexity's /search/<slug>, #24) is the popup's tab only once its status names that URL.
 */
export function createReporter(env: CaptureEnv): (input: StatusInput) => void {
  let last = '';
  return (input) => {
    const signature = JSON.stringify([input, env.page.href()]);
    if (signature === last) return;
    last = signature;
    const status: CaptureStatus = {
      ...input,
      site: env.adapter.site,
      url: env.page.href(),
      turnsStored: 0,
      checkedAt: new Date().toISOString(),
    };
    env.report(status).catch((error: unknown) => {
      last = '';
      console.warn('[Engram] capture status not reported:', error);
    });
  };
}
