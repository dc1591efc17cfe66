import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { aistudioAdapter } from '../lib/sites/aistudio/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(aistudioAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(aistudioAdapter),
});
