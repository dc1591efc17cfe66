import { defineContentScript } from 'wxt/utils/define-content-script';
import { installTap } from '../lib/capture/tap';
import { keptPrivate, postReplyFinished } from '../lib/capture/tap-protocol';
import { TAP_SITES } from '../lib/capture/tap-sites';
import { matchPatterns } from '../lib/sites/site';

// Page world, before the site's own scripts: only the tap and a window messenger live here (#3).
export default defineContentScript({
  matches: TAP_SITES.flatMap((s) => matchPatterns(s.hosts)),
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    const site = TAP_SITES.find((s) => s.hosts.includes(location.hostname));
    if (site)
      installTap(
        window,
        site.reply,
        keptPrivate(window, (message) => postReplyFinished(window, message)),
      );
  },
});
