import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { geminiAdapter } from '../lib/sites/gemini/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(geminiAdapter.hosts),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(geminiAdapter, ctx),
});
