import { defineContentScript } from 'wxt/utils/define-content-script';
import { takeAdapter } from '../lib/page/hub';
import { startChatPage } from '../lib/page/start';
import { MATCH_PATTERNS } from '../lib/sites/registry';

// What every chat page runs, started with the adapter its site's own script offers (lib/page/hub.ts, #36).
export default defineContentScript({
  matches: MATCH_PATTERNS,
  runAt: 'document_idle',
  main: (ctx) => takeAdapter((adapter) => startChatPage(adapter, ctx), ctx.signal),
});
