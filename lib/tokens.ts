// Token counting with o200k_base. Never in content scripts: the encoder costs ~1 s to build (docs/past-index.md,
// "The cold click"), so it is built lazily once per context, and each memory's count is stored at write time
// (#2, #5). Past-chat lines are counted in the offscreen document, which outlives the service worker (#13).
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { browser } from 'wxt/browser';

let encoder: Promise<Tiktoken> | undefined;

// In the extension the ranks are a JSON file in the package (scripts/tiktoken-ranks.ts), read on first use: as
// a bundled module they were 2.3 MB of the service worker's script, loaded at every worker start. Node (unit
// tests, eval) imports the module.
function ranks(): Promise<TiktokenBPE> {
  const path = import.meta.env.ENGRAM_RANKS_PATH as string | undefined;
  if (path)
    return fetch(browser.runtime.getURL(path as '/')).then((r) => {
      if (!r.ok) throw new Error(`token ranks: ${r.status} reading ${path}`);
      return r.json() as Promise<TiktokenBPE>;
    });
  return import('js-tiktoken/ranks/o200k_base').then((m) => m.default);
}

let built = false;

function load(): Promise<Tiktoken> {
  encoder ??= ranks().then((r) => {
    const made = new Tiktoken(r);
    built = true;
    return made;
  });
  encoder.catch(() => (encoder = undefined));
  return encoder;
}

/**
 * Whether a count is instant here: the encoder is built. Building it took 4.4–5.2 s at load ~12 on 2 cores (~1 s
 * idle), longer than a desktop app's call may take (#34 item 10, test/e2e/mcp.e2e.ts).
 */
export const tokensWarm = (): boolean => built;

export async function countTokens(text: string): Promise<number> {
  return (await load()).encode(text).length;
}
