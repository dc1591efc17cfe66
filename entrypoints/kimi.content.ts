import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { kimiAdapter } from '../lib/sites/kimi/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(kimiAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(kimiAdapter),
});
