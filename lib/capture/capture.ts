import type { CaptureReply, CaptureRequest } from '../model/messages';
import type { SiteAdapter } from '../sites/adapter';
import { fenceOwnBlock } from './fence';
import { assignTurnIds } from './turn-id';

export interface CapturePage {
  document: Document;
  href: () => string;
}

/** What the page shows now, as a capture request, or null when there is nothing to store yet. */
export function readPage(adapter: SiteAdapter, page: CapturePage): CaptureRequest | null {
  const url = new URL(page.href());
  const conversationId = adapter.conversationId(url);
  if (!conversationId || adapter.isPrivate(url)) return null;
  // A reply still streaming is read when it settles; the next change after that triggers a scan.
  if (adapter.isStreaming(page.document)) return null;
  const parsed = adapter
    .parseTurns(page.document)
    .map((t) => ({ ...t, text: fenceOwnBlock(t.text) }))
    .filter((t) => t.text.length > 0);
  const ids = assignTurnIds(parsed);
  return {
    site: adapter.site,
    conversationId,
    url: url.href,
    title: page.document.title,
    strategy: 'page',
    turns: parsed.map((t, i) => ({ id: ids[i] ?? `h:${i}`, role: t.role, text: t.text, createdAt: null })),
  };
}

/** Sends the page's turns whenever they differ from what was last sent. Returns the scan function. */
export function createCapture(
  adapter: SiteAdapter,
  page: CapturePage,
  send: (req: CaptureRequest) => Promise<CaptureReply>,
): () => Promise<void> {
  let lastSent = '';
  return async () => {
    const req = readPage(adapter, page);
    if (!req || req.turns.length === 0) return;
    const signature = JSON.stringify([req.conversationId, req.turns]);
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
