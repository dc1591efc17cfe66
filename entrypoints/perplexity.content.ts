import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { perplexityAdapter } from '../lib/sites/perplexity/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(perplexityAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(perplexityAdapter),
});
