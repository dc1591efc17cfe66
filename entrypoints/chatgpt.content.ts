import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { chatgptAdapter } from '../lib/sites/chatgpt/adapter';
import { sitePatterns } from '../lib/sites/registry';

export default defineContentScript({
  matches: sitePatterns('chatgpt'),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(chatgptAdapter, ctx),
});
