import { defineContentScript } from 'wxt/utils/define-content-script';
import { installTap } from '../lib/capture/tap';
import { postReplyFinished } from '../lib/capture/tap-protocol';
import { MATCH_PATTERNS, siteForHost } from '../lib/sites/registry';

// Page world, before the site's own scripts: only the tap and a window messenger live here (#3).
export default defineContentScript({
  matches: MATCH_PATTERNS,
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    const site = siteForHost(location.hostname);
    if (!site) return;
    installTap(window, site, (message) => postReplyFinished(window, message));
  },
});
