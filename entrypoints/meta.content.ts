import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { metaAdapter } from '../lib/sites/meta/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(metaAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(metaAdapter),
});
