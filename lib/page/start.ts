// Everything a chat page runs, for one site's adapter. Each site has its own content script entrypoint that
// passes its adapter, so a page bundles only its own site's parsers and API code: one shared bundle with both
// sites measured 52.7 kB, over the 50 kB budget (test/e2e/bundle-size.e2e.ts, #3).
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createController } from '../capture/controller';
import { pageFetchJson } from '../capture/page-fetch';
import { listenForReplies } from '../capture/signals';
import { watchThread } from '../capture/watch';
import { createInsertButton, mountNear } from '../inject/button';
import { insertBlock } from '../inject/insert';
import { sendMessage } from '../messenger';
import type { SiteAdapter } from '../sites/adapter';
import type { FetchJson } from '../sites/api-types';
import { tabMessenger } from '../tab-messages';

export function startChatPage(adapter: SiteAdapter, ctx: ContentScriptContext): void {
  const fetchJson = pageFetchJson(location.origin);
  const capture = createController({
    adapter,
    page: { document, href: () => location.href },
    fetchJson,
    cookie: () => document.cookie,
    send: (req) => sendMessage('captureTurns', req),
    report: (status) => sendMessage('reportCaptureStatus', status),
  });
  const button = createInsertButton(document, async () => {
    const composer = adapter.findComposer(document);
    if (!composer) return button.setStatus('No chat box found on this page.');
    const block = await sendMessage('getMemoryBlock', { site: adapter.site });
    if (block.count === 0) return button.setStatus('No memories yet. Add some in Engram’s options.');
    const result = insertBlock(composer, block.text);
    button.setStatus(result.ok ? `Inserted ${block.count} memories · ${block.tokens} tokens` : result.error);
  });
  const onChange = () => {
    capture.onPageChange();
    // Once mounted, no composer lookup per frame while an answer streams (bench:capture).
    if (!button.host.isConnected) mountNear(adapter.findComposer(document), button);
  };
  watchThread(document, () => adapter.findThread(document), onChange, ctx.signal);
  listenForReplies((id) => void capture.refresh(id), ctx.signal);
  ctx.addEventListener(window, 'wxt:locationchange', () => void capture.refresh());
  mountNear(adapter.findComposer(document), button);
  void capture.refresh();
  serveMemoryReads(adapter, fetchJson, ctx);
}

/** Only when the user asks (popup → background → this tab): the site's saved memories, read with the session. */
function serveMemoryReads(adapter: SiteAdapter, fetchJson: FetchJson, ctx: ContentScriptContext): void {
  const remove = tabMessenger.onMessage('readVendorMemories', async () => ({
    site: adapter.site,
    result: await adapter.fetchMemories(fetchJson, document.cookie),
  }));
  ctx.onInvalidated(remove);
}
