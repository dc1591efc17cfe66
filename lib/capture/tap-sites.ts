// The sites as the MAIN-world tap knows them: each site folder's reply.ts (its hosts and reply request), found
// there and nothing else, so the page's world carries no parser, scope or label (it only taps and forwards; #24: the whole
// registry made fetch-tap.js 6.8 kB, this 2.x kB). contract.test.ts checks them against the registry.
import type { ReplySite } from '../sites/reply';

export const TAP_SITES: readonly ReplySite[] = Object.values(
  import.meta.glob<ReplySite>('../sites/*/reply.ts', { eager: true, import: 'replySite' }),
);
