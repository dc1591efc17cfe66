import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { qwenAdapter } from '../lib/sites/qwen/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(qwenAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(qwenAdapter),
});
