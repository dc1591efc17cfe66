// Word lists that passphrases and seed phrases are drawn from (#34 item 7): BIP39's English list (2,048 words; the
// wallet seed phrases people paste, from @scure/bip39, pinned) and EFF's long list (7,776 words; what Options →
// Sync suggests, lib/sync/words.ts). A run of these words after "passphrase" is read to its end, and a seed
// phrase is known by its run of BIP39 words. Sets are built on first use, once per context.
import { wordlist as BIP39 } from '@scure/bip39/wordlists/english.js';
import EFF from '../sync/words/eff_large_wordlist.txt?raw';

let bip39: Set<string> | undefined;
let eff: Set<string> | undefined;

export function isBip39(word: string): boolean {
  bip39 ??= new Set(BIP39);
  return bip39.has(word.toLowerCase());
}

let hashes: Set<number> | undefined;

/** FNV-1a over the letters from `start` to `end`, folded to lower case: ASCII letters only. */
function hashOf(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (text.charCodeAt(i) | 32), 0x01000193);
  return h >>> 0;
}

/**
 * Is the ASCII word from `start` to `end` a BIP39 word? It runs on every word of every text (seed phrases are
 * found by their runs), so it compares 32-bit hashes and makes no string: 2,048 hashes among 2^32 take another
 * word for one of them about once in two million words, which at most lengthens a run by one.
 */
export function isBip39At(text: string, start: number, end: number): boolean {
  hashes ??= new Set(BIP39.map((w) => hashOf(w, 0, w.length)));
  return hashes.has(hashOf(text, start, end));
}

export function isEff(word: string): boolean {
  eff ??= new Set(EFF.split('\n').filter((w) => w.length > 0));
  return eff.has(word.toLowerCase());
}

/** A word a generated passphrase could hold. */
export const isPassphraseWord = (word: string) => isEff(word) || isBip39(word);
