import { defineContentScript } from 'wxt/utils/define-content-script';
import { createController } from '../../lib/capture/controller';
import { pageFetchJson } from '../../lib/capture/page-fetch';
import { listenForReplies } from '../../lib/capture/signals';
import { watchThread } from '../../lib/capture/watch';
import { createInsertButton, mountNear } from '../../lib/inject/button';
import { insertBlock } from '../../lib/inject/insert';
import { sendMessage } from '../../lib/messages';
import { adapterForHost } from '../../lib/sites/adapters';
import { MATCH_PATTERNS } from '../../lib/sites/registry';

export default defineContentScript({
  matches: MATCH_PATTERNS,
  runAt: 'document_idle',
  main(ctx) {
    const adapter = adapterForHost(location.hostname);
    if (!adapter) return;
    const capture = createController({
      adapter,
      page: { document, href: () => location.href },
      fetchJson: pageFetchJson(location.origin),
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
      button.setStatus(
        result.ok ? `Inserted ${block.count} memories · ${block.tokens} tokens` : result.error,
      );
    });
    const onChange = () => {
      capture.onPageChange();
      mountNear(adapter.findComposer(document), button);
    };
    watchThread(document, () => adapter.findThread(document), onChange, ctx.signal);
    listenForReplies((id) => void capture.refresh(id), ctx.signal);
    ctx.addEventListener(window, 'wxt:locationchange', () => void capture.refresh());
    mountNear(adapter.findComposer(document), button);
    void capture.refresh();
  },
});
