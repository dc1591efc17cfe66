// Wallet secrets and generated passphrases (#34 item 7). A seed phrase is a run of BIP39 words: twelve or more in a
// row (in 810 kB of conversation from LoCoMo the longest run of ordinary words on the list was six), or three or
// more after a word that names one ("seed phrase:", "Wiederherstellungsphrase"). Private keys: WIF and BIP32
// extended keys by their shape, and 64 hex digits after "private key". Engram's own suggested sync passphrase
// (five or more words of EFF's list, lib/sync/words.ts) is redacted wherever it stands alone: on its own line or
// in quotes; mid-sentence such a run is ordinary prose ("a family playing frisbee sandy shore").
import { isBip39At, isEff } from './redact-dictionary';
import type { Span } from './redact-span';

// Between two words of one phrase: spaces, commas, line breaks and list numbers ("1. abandon\n2. ability").
const GAP = /^[\s,;·•\-–]*(?:\d{1,2}[.):]?[\s]+)?$/;
const SEED_RUN = 12;
const LABELLED_RUN = 3;
const SEED_WORDS = [
  String.raw`seed(?:\s+phrase|\s+words)?|(?:secret\s+)?recovery\s+(?:phrase|words)|mnemonic(?:\s+phrase)?`,
  String.raw`wallet\s+words|backup\s+phrase|wiederherstellungsphrase|seed-phrase|phrase\s+de\s+récupération`,
  String.raw`frase\s+(?:semilla|de\s+recuperaci[oó]n|de\s+recupera[cç][aã]o)|сид-фраза|мнемоническая\s+фраза`,
  String.raw`シードフレーズ|リカバリーフレーズ|복구\s?구문|시드\s?문구|助记词|助記詞|kurtarma\s+ifadesi`,
  String.raw`cụm\s+từ\s+khôi\s+phục|frasa\s+pemulihan|عبارة\s+الاسترداد|रिकवरी\s+फ्रेज़`,
].join('|');
const SEED_HINT =
  /seed|recovery|mnemonic|wallet|phrase|фраза|フレーズ|구문|문구|助[记記]|ifadesi|khôi|pemulihan|الاسترداد|फ्रेज़/i;
const SEED_LABEL = new RegExp(`(?:${SEED_WORDS})[^\\n\\w]{0,12}(?:(?:is|are|sind|est|es|:)\\s+)?`, 'giu');

interface Run {
  start: number;
  end: number;
  words: number;
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Runs of BIP39 words whose gaps are a phrase's (see GAP). A loop over char codes: it runs on every text. */
function bip39Runs(text: string): Run[] {
  const runs: Run[] = [];
  let run: Run | null = null;
  for (let i = 0; i < text.length;) {
    if (!isLetter(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isLetter(text.charCodeAt(i))) i++;
    // BIP39's English words are 3 to 8 letters.
    if (i - start < 3 || i - start > 8 || !isBip39At(text, start, i)) run = null;
    else if (run && GAP.test(text.slice(run.end, start))) [run.end, run.words] = [i, run.words + 1];
    else runs.push((run = { start, end: i, words: 1 }));
  }
  return runs;
}

function seedPhrases(text: string): Span[] {
  const runs = bip39Runs(text);
  const out = runs.filter((r) => r.words >= SEED_RUN);
  if (runs.length > 0 && SEED_HINT.test(text))
    for (const m of text.matchAll(SEED_LABEL)) {
      const after = m.index + m[0].length;
      const run = runs.find((r) => r.start >= after && r.start <= after + 2 && r.words >= LABELLED_RUN);
      if (run) out.push(run);
    }
  return out.map((r) => ({ start: r.start, end: r.end, label: 'seed phrase' }));
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
// WIF: 5H/5J/5K and 49 more (uncompressed), K or L and 51 more (compressed). BIP32: xprv, tprv, yprv, zprv…
// The first character leads, so the engine skips to it rather than trying a look-behind at every position.
const WIF = new RegExp(
  `[5KL](?<!${BASE58}[5KL])(?:(?<=5)[HJK]${BASE58}{49}|(?<=[KL])${BASE58}{51})(?!${BASE58})`,
  'g',
);
const XPRV = new RegExp(`(?<![A-Za-z0-9])[xyztuvYZUV]prv${BASE58}{100,112}(?!${BASE58})`, 'g');
const HEX_KEY =
  /(?:private|priv|secret|wallet|signing)[ _-]?key(?:'s)?["']?(?:\s+(?:is|was|=|:)|\s*[:=])?\s*["']?((?:0x)?[0-9a-fA-F]{64})(?![0-9a-fA-F])/dgi;
const mixed = (s: string) => /\d/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s);

function walletKeys(text: string): Span[] {
  const out: Span[] = [];
  const label = 'private key';
  for (const m of text.matchAll(WIF))
    if (mixed(m[0])) out.push({ start: m.index, end: m.index + m[0].length, label });
  if (/prv/i.test(text))
    for (const m of text.matchAll(XPRV)) out.push({ start: m.index, end: m.index + m[0].length, label });
  if (/key/i.test(text))
    for (const m of text.matchAll(HEX_KEY)) {
      const at = m.indices?.[1];
      if (at) out.push({ start: at[0], end: at[1], label });
    }
  return out;
}

// Options → Sync's suggestion: lowercase words (EFF's have hyphens: "drop-down") joined by single spaces, alone on
// a line or inside quotes. Lines are cut with indexOf and quotes found by their opening character: a pattern that
// starts with a look-behind is tried at every position of every text.
const PHRASE = String.raw`[a-z][a-z-]{2,8}(?: [a-z][a-z-]{2,8}){4,11}`;
const LINE = new RegExp(`^[ \\t]*(${PHRASE})[ \\t]*\\r?$`, 'd');
const QUOTED = new RegExp(`["'“‘«](${PHRASE})["'”’»]`, 'dg');

function suggestedPassphrases(text: string): Span[] {
  const found: [number, number, string][] = [];
  for (let start = 0; start <= text.length;) {
    const end = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
    const m = end - start >= 19 ? LINE.exec(text.slice(start, end)) : null;
    const at = m?.indices?.[1];
    if (at) found.push([start + at[0], start + at[1], m[1] ?? '']);
    start = end + 1;
  }
  if (/["'“‘«][a-z]/.test(text))
    for (const m of text.matchAll(QUOTED)) {
      const at = m.indices?.[1];
      if (at) found.push([at[0], at[1], m[1] ?? '']);
    }
  return found
    .filter(([, , words]) => words.split(' ').every(isEff))
    .map(([start, end]) => ({ start, end, label: 'password' }));
}

export function scanWallets(text: string): Span[] {
  return [...seedPhrases(text), ...walletKeys(text), ...suggestedPassphrases(text)];
}
