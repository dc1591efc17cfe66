// Keys known by their prefix, and private key bodies known by their first bytes (#11, #25). A key body
// pasted without its BEGIN line (or cut from the middle of one) is still a key: PKCS#1, PKCS#8, SEC1 and
// OpenSSH bodies start with fixed bytes whose base64 no other text has, and 64- or 70-character lines of
// base64 are how PEM and OpenSSH wrap them. Certificates and public keys inside their own BEGIN block stay.
import type { Span } from './redact-span';

export const KEYS = [
  // OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-), Anthropic (sk-ant-api03-, sk-ant-admin01-), OpenRouter.
  String.raw`sk-(?:ant-[a-z]{3,5}\d{2}-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`,
  String.raw`(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}`,
  String.raw`whsec_[A-Za-z0-9]{24,}`,
  String.raw`(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[A-Z0-9]{16}`,
  String.raw`AIza[A-Za-z0-9_-]{35}`,
  String.raw`gh[pousr]_[A-Za-z0-9]{36,}`,
  String.raw`github_pat_[A-Za-z0-9_]{22,}`,
  String.raw`glpat-[A-Za-z0-9_-]{20,}`,
  // Slack: bot, user, app-level, client (xoxc), cookie (xoxd, URL-encoded), refresh (xoxe-1-) and rotating
  // (xoxe.xoxp-1-) tokens (#34).
  String.raw`xox[a-z](?:\.xox[a-z])?-[A-Za-z0-9%-]{10,}`,
  String.raw`xapp-\d-[A-Za-z0-9-]{20,}`,
  String.raw`npm_[A-Za-z0-9]{36}`,
  String.raw`hf_[A-Za-z0-9]{30,}`,
  String.raw`SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}`,
  String.raw`GOCSPX-[A-Za-z0-9_-]{20,}`,
  // Groq, xAI, Perplexity, Replicate: the model providers people paste next to OpenAI's.
  String.raw`gsk_[A-Za-z0-9]{40,}`,
  String.raw`xai-[A-Za-z0-9]{40,}`,
  String.raw`pplx-[A-Za-z0-9]{40,}`,
  String.raw`r8_[A-Za-z0-9]{30,}`,
  String.raw`pypi-AgE[A-Za-z0-9_-]{40,}`,
  String.raw`dop_v1_[a-f0-9]{64}`,
  String.raw`hv[sb]\.[A-Za-z0-9_-]{24,}`,
  String.raw`tskey-(?:auth-|client-)?[A-Za-z0-9-]{20,}`,
  String.raw`lin_api_[A-Za-z0-9]{32,}`,
  String.raw`ntn_[A-Za-z0-9]{40,}`,
  // #34: Shopify, Atlassian and Bitbucket, Mailgun, Google OAuth refresh tokens and codes, and their siblings.
  String.raw`shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}`,
  String.raw`AT(?:ATT|CTT)3[A-Za-z0-9_=-]{60,}`,
  String.raw`ATBB[A-Za-z0-9]{28,}`,
  String.raw`key-[0-9a-f]{32}`,
  String.raw`1//0[A-Za-z0-9_-]{30,}`,
  String.raw`4/0A[A-Za-z0-9_-]{30,}`,
  String.raw`SK[0-9a-fA-F]{32}(?![0-9a-fA-F])`,
  String.raw`sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}`,
  String.raw`sl\.(?:u\.)?[A-Za-z0-9_-]{120,}`,
  String.raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`,
  String.raw`dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}`,
  String.raw`dapi[a-f0-9]{32}`,
  String.raw`sntry[su]_[A-Za-z0-9+/=_-]{40,}`,
  String.raw`gl(?:c|sa)_[A-Za-z0-9+/=_]{32,}`,
  String.raw`NRAK-[A-Z0-9]{27}`,
  String.raw`pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,}`,
  String.raw`sbp_[a-f0-9]{40}`,
  String.raw`nfp_[A-Za-z0-9]{36}`,
  String.raw`figd_[A-Za-z0-9_-]{40,}`,
  String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`,
  String.raw`sk\.eyJ[A-Za-z0-9_-]{40,}\.[A-Za-z0-9_-]{20,}`,
  String.raw`dckr_pat_[A-Za-z0-9_-]{27,}`,
  String.raw`rubygems_[a-f0-9]{48}`,
  String.raw`gl(?:rt|dt|ptt|soat|cbt|oas|imt|ffct)-[A-Za-z0-9_-]{20,}`,
  String.raw`pul-[a-f0-9]{40}`,
  String.raw`(?:fm[12]|fo1)_[A-Za-z0-9_+/=-]{40,}`,
  String.raw`secret_[A-Za-z0-9]{43}`,
  String.raw`doo_v1_[a-f0-9]{64}|dor_v1_[a-f0-9]{64}`,
  // Engram's own pairing secret (lib/agents/proof.ts newSecret): every format Engram makes is redacted (#34).
  String.raw`engram-mcp-1\.[A-Za-z0-9_-]{43}`,
];

// Every key of KEYS is at least 16 characters of these, none of them a space: the prefixes are looked for only
// inside such runs, a few per text, rather than at every position of every text (bench:redact: 55 prefixes).
const TOKEN = /(?<![A-Za-z0-9_./+%-])[A-Za-z0-9_./+%-]{16,}/g;
const PREFIXED = new RegExp(`(?<![A-Za-z0-9])(?:${KEYS.join('|')})`, 'g');

export function scanPrefixedKeys(text: string): Span[] {
  const out: Span[] = [];
  for (const t of text.matchAll(TOKEN))
    for (const m of t[0].matchAll(PREFIXED))
      out.push({ start: t.index + m.index, end: t.index + m.index + m[0].length, label: 'api key' });
  return out;
}

// Keys with no literal prefix: Terraform Cloud (`.atlasv1.` in the middle), behind its hint; Mailgun's new format
// and Mailchimp's data-centre suffix, found by their dash and read back 32 hex digits (a pattern that starts with
// hex digits or a look-behind is tried at every position of every text: bench:redact).
export const TERRAFORM = /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/g;
const HEX_TAIL = /-(?:[0-9a-f]{8}-[0-9a-f]{8}|us\d{1,2})(?![A-Za-z0-9])/g;

export function scanHexKeys(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(HEX_TAIL)) {
    const start = m.index - 32;
    if (
      start >= 0 &&
      /^[0-9a-f]{32}$/.test(text.slice(start, m.index)) &&
      !/[A-Za-z0-9]/.test(text[start - 1] ?? '')
    )
      out.push({ start, end: m.index + m[0].length, label: 'api key' });
  }
  return out;
}

// Telegram bot tokens (bot id, colon, 35 characters starting AA) and Discord bot tokens (three parts). They
// have no literal prefix, so each runs alone behind a literal hint: in KEYS they made every text pay (bench:redact).
export const TELEGRAM = /(?<![A-Za-z0-9])\d{8,10}:AA[A-Za-z0-9_-]{33}/g;
export const DISCORD = /(?<![A-Za-z0-9])[MN][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}/g;

// age identities (Engram's own sync key is one) are bech32, which may be written in either case.
export const AGE_IDENTITY = /(?<![A-Za-z0-9])AGE-SECRET-KEY-1[02-9ac-hj-np-z]{50,}/gi;

// base64 of the first bytes: OpenSSH ("openssh-key-v1"), PKCS#1 RSA, PKCS#8 RSA, SEC1 EC (P-256, P-384,
// P-521), PKCS#8 Ed25519 and EC. Then the rest of that line and every following line of base64 alone.
const BODY_START = [
  'b3BlbnNzaC1rZXktdjE',
  'MII[A-Za-z0-9+/]{3}IBAAK',
  'MII[A-Za-z0-9+/]{3}IBADANBgkqhkiG9w0BAQEFAAS',
  'MHcCAQEE',
  'MIGkAgEBBD',
  'MIHcAgEBBEI',
  'MC4CAQAwBQYDK2VwBCIE',
  'MIGHAgEAMBMGByqGSM49AgEG',
].join('|');
const LINE_END = String.raw`(?:\r?\n|\\n)`;
const KEY_BODY = new RegExp(
  String.raw`(?<![A-Za-z0-9+/])(?:${BODY_START})[A-Za-z0-9+/=]*(?:${LINE_END}[A-Za-z0-9+/]{4,}={0,2}(?=${LINE_END}|$))*`,
  'g',
);
const PUTTY = /Private-Lines:\s*\d+((?:\r?\n[A-Za-z0-9+/]{4,}={0,2})+)/dg;
// Two or more whole lines of exactly 64 or 70 base64 characters, and the short line that ends them.
const WRAPPED =
  /(?<=^|\n)(?:[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{70})(?:\r?\n(?:[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{70}))+(?:\r?\n[A-Za-z0-9+/]{1,69}={0,2})?(?=\r?\n|$)/g;

/** Inside a BEGIN block that is not a private key's (a certificate, a public key): public, stays. */
function insidePublicBlock(text: string, at: number): boolean {
  const begin = text.lastIndexOf('-----BEGIN', at);
  if (begin < 0 || text.lastIndexOf('-----END', at) > begin) return false;
  return !/^-----BEGIN[ A-Z]*PRIVATE/.test(text.slice(begin, begin + 60));
}

// Literal parts of BODY_START, searched first: the full pattern at every position of every text cost 0.5 ms
// on a 1,500-word answer (bench:redact).
const BODY_HINT = /b3BlbnNzaC1rZXktdjE|MII|MHcCAQEE|MIGkAgEBBD|MIHcAgEBBEI|MC4CAQAwBQYDK2VwBCIE|MIGHAgEAMBMG/;

export function scanKeyBodies(text: string): Span[] {
  const out: Span[] = [];
  const label = 'private key';
  if (BODY_HINT.test(text))
    for (const m of text.matchAll(KEY_BODY)) out.push({ start: m.index, end: m.index + m[0].length, label });
  if (text.includes('Private-Lines'))
    for (const m of text.matchAll(PUTTY)) {
      const at = m.indices?.[1];
      if (at) out.push({ start: at[0], end: at[1], label });
    }
  if (/\n[A-Za-z0-9+/]{64}/.test(text) || /^[A-Za-z0-9+/]{64}/.test(text))
    for (const m of text.matchAll(WRAPPED))
      if (!insidePublicBlock(text, m.index)) out.push({ start: m.index, end: m.index + m[0].length, label });
  return out;
}
