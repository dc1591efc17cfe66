import { defineContentScript } from 'wxt/utils/define-content-script';
import { createCapture } from '../../lib/capture/capture';
import { watchChanges } from '../../lib/capture/watch';
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
    const scan = createCapture(adapter, { document, href: () => location.href }, (req) =>
      sendMessage('captureTurns', req),
    );
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
      void scan();
      mountNear(adapter.findComposer(document), button);
    };
    watchChanges(document.body, onChange, ctx.signal);
    ctx.addEventListener(window, 'wxt:locationchange', onChange);
    onChange();
  },
});
