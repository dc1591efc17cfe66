import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { lechatAdapter } from '../lib/sites/lechat/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(lechatAdapter.hosts),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(lechatAdapter, ctx),
});
