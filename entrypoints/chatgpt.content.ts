import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { chatgptAdapter } from '../lib/sites/chatgpt/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(chatgptAdapter.hosts),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(chatgptAdapter, ctx),
});
