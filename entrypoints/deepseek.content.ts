import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { deepseekAdapter } from '../lib/sites/deepseek/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(deepseekAdapter.hosts),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(deepseekAdapter, ctx),
});
