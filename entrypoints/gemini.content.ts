import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { geminiAdapter } from '../lib/sites/gemini/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(geminiAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(geminiAdapter),
});
