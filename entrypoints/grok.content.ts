import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { grokAdapter } from '../lib/sites/grok/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(grokAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(grokAdapter),
});
