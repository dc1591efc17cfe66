import { defineContentScript } from 'wxt/utils/define-content-script';
import { startChatPage } from '../lib/page/start';
import { perplexityAdapter } from '../lib/sites/perplexity/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(perplexityAdapter.hosts),
  runAt: 'document_idle',
  main: (ctx) => startChatPage(perplexityAdapter, ctx),
});
