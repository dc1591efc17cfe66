import { defineContentScript } from 'wxt/utils/define-content-script';
import { offerAdapter } from '../lib/page/hub';
import { deepseekAdapter } from '../lib/sites/deepseek/adapter';
import { matchPatterns } from '../lib/sites/site';

export default defineContentScript({
  matches: matchPatterns(deepseekAdapter.hosts),
  runAt: 'document_idle',
  main: () => offerAdapter(deepseekAdapter),
});
