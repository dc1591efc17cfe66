import { defineContentScript } from 'wxt/utils/define-content-script';
import { installGuard } from '../lib/inject/guard';
import { MATCH_PATTERNS } from '../lib/sites/registry';

// The insert preview's on-screen guard, beside each site's own content script (lib/inject/guard-link.ts, #25).
export default defineContentScript({
  matches: MATCH_PATTERNS,
  runAt: 'document_idle',
  main: installGuard,
});
