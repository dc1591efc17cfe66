import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { claudeAdapter } from '../lib/sites/claude/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(claudeAdapter.hosts),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(claudeAdapter, ctx),
});
