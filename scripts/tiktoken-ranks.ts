// Build-time side of token counting (lib/tokens.ts). js-tiktoken ships its o200k_base ranks as a 2.3 MB
// JavaScript module; bundled, they made up 2.3 of the service worker's 3.0 MB script, which Chrome loads at
// every worker start (MV3 stops an idle worker after ~30 s). The build writes them into the package as JSON
// instead, and the extension reads that file the first time it counts (docs/past-index.md, cold click).
import type { Wxt } from 'wxt';

/** Where the ranks live inside the package; lib/tokens.ts reads import.meta.env.ENGRAM_RANKS_PATH. */
export const RANKS_PATH = '/tiktoken/o200k_base.json';

type PublicFiles = Parameters<NonNullable<import('wxt').WxtHooks['build:publicAssets']>>[1];

export async function addRanksFile(_wxt: Wxt, files: PublicFiles): Promise<void> {
  const ranks = (await import('js-tiktoken/ranks/o200k_base')).default;
  files.push({ relativeDest: RANKS_PATH.slice(1), contents: JSON.stringify(ranks) });
}
