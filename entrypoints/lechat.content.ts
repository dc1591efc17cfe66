import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { lechatAdapter } from '../lib/sites/lechat/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(lechatAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(lechatAdapter),
});
