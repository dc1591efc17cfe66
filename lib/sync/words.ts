// Generated passphrases (#25): words a person can type and write down, drawn uniformly with the platform's
// cryptographic random numbers. The list is EFF's long word list (lib/sync/words/README.md: source and licence);
// Options draws from it; the background's redactor knows it too (lib/pipeline/redact-dictionary.ts, #34: every
// format Engram makes is redacted), and no content script imports either.
import list from './words/eff_large_wordlist.txt?raw';

export const WORDS = list.split('\n').filter((w) => w.length > 0);
/** Five words from 7,776: about 64.6 bits. */
export const SUGGESTED_WORDS = 5;

/** A uniform index below `n`: values past the last whole multiple of n are drawn again (no modulo bias). */
function uniform(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const one = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(one);
    const x = one[0] ?? 0;
    if (x < limit) return x % n;
  }
}

export function suggestPassphrase(count = SUGGESTED_WORDS): string {
  return Array.from({ length: count }, () => WORDS[uniform(WORDS.length)]).join(' ');
}

/** Bits of a passphrase drawn this way. */
export const bitsOf = (count: number) => count * Math.log2(WORDS.length);
