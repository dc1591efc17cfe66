import { defineContentScript } from 'wxt/utils/define-content-script';
import { createCapture } from '../../lib/capture/capture';
import { watchChanges } from '../../lib/capture/watch';
import { createInsertSession, insertInto, readContext } from '../../lib/inject/session';
import { onTabMessage, sendMessage } from '../../lib/messages';
import { InsertTextRequest } from '../../lib/model/messages';
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
    const session = createInsertSession(adapter, document, {
      recall: (req) => sendMessage('recallPreview', req),
      offer: (req) => sendMessage('offerCount', req),
      warm: () => sendMessage('warmRecall', { ok: true }),
    });
    // The shortcut (background, chrome.commands) and the popup reach the page through these (#5).
    onTabMessage('openInsertPreview', async () => {
      await session.open();
      return { ok: true as const };
    });
    onTabMessage('pageContext', () => readContext(adapter, document));
    onTabMessage('insertText', ({ data }) =>
      insertInto(adapter, document, InsertTextRequest.parse(data).text),
    );
    const onChange = () => {
      void scan();
      session.sync(location.href);
    };
    watchChanges(document.body, onChange, ctx.signal);
    ctx.addEventListener(window, 'wxt:locationchange', onChange);
    onChange();
  },
});
