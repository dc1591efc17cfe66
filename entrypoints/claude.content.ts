import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { claudeAdapter } from '../lib/sites/claude/adapter';
import { sitePatterns } from '../lib/sites/registry';

export default defineContentScript({
  matches: sitePatterns('claude'),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(claudeAdapter, ctx),
});
