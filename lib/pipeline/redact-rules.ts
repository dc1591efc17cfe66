// What counts as a secret (#11). Each rule finds spans in text already folded by redact.ts (NFKC, no
// invisible characters), so a key split by zero-width spaces or written in full-width letters is matched as
// the key it is. Token boundaries are `(?<![A-Za-z0-9])`, never `\b`: `\b` between `_` and a letter never
// matches, which let `DB_PASSWORD=…` through. The corpus in test/helpers/secrets-corpus.ts decides every
// rule; secretlint's recommended preset found 11 of its 80 secrets (see SECURITY.md), so these are our own.
import { luhn, ibanValid } from './checks';
import { scanAssignments, scanStatedPasswords, type Span } from './redact-scan';

export type Scanner = (text: string) => Span[];

interface RuleOptions {
  group?: number;
  valid?: (m: string) => boolean;
  /** A cheap test that must pass before the pattern runs: most text has none of these (recall.ts cost). */
  hint?: RegExp;
}

/** Every match of `pattern` (global; `d` flag when `group` is set), or of its `group`, that `valid` accepts. */
function rule(label: string, pattern: RegExp, opts: RuleOptions = {}) {
  return (text: string): Span[] => {
    if (opts.hint && !opts.hint.test(text)) return [];
    const out: Span[] = [];
    for (const m of text.matchAll(pattern)) {
      const at: [number, number] | undefined = opts.group
        ? m.indices?.[opts.group]
        : [m.index, m.index + m[0].length];
      if (!at || (opts.valid && !opts.valid(m[0]))) continue;
      out.push({ start: at[0], end: at[1], label });
    }
    return out;
  };
}

const KEYS = [
  // OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-) and Anthropic (sk-ant-api03-, sk-ant-admin01-).
  String.raw`sk-(?:ant-[a-z]{3,5}\d{2}-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`,
  String.raw`(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}`,
  String.raw`(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|A3T[A-Z0-9])[A-Z0-9]{16}`,
  String.raw`AIza[A-Za-z0-9_-]{35}`,
  String.raw`gh[pousr]_[A-Za-z0-9]{36,}`,
  String.raw`github_pat_[A-Za-z0-9_]{22,}`,
  String.raw`glpat-[A-Za-z0-9_-]{20,}`,
  String.raw`xox[abposr]-[A-Za-z0-9-]{10,}`,
  String.raw`npm_[A-Za-z0-9]{36}`,
  String.raw`hf_[A-Za-z0-9]{30,}`,
  String.raw`SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}`,
  String.raw`GOCSPX-[A-Za-z0-9_-]{20,}`,
];

/** An AWS secret access key: 40 base64 characters that look random (a path or a hex digest does not). */
function awsSecret(m: string): boolean {
  const slashes = m.length - m.replace(/[/+]/g, '').length;
  return /[A-Z]/.test(m) && /[a-z]/.test(m) && /\d/.test(m) && slashes <= 4 && !/^[0-9a-f]+$/i.test(m);
}

/** 13–19 digits starting 2–6 (no card starts 1, 7–9: timestamps, ISBNs), compact or in the usual groups. */
const CARD = String.raw`(?<![0-9A-Za-z.-])[2-6](?:\d{12,18}|\d{3}([ .-])\d{4}\1\d{4}\1\d{4}(?:\1\d{3})?|\d{3}([ .-])\d{6}\2\d{4,5})(?![0-9A-Za-z])`;

export const SCANNERS: Scanner[] = [
  rule(
    'private key',
    /-----BEGIN[ A-Z]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    { hint: /PRIVATE KEY/ },
  ),
  rule('api key', new RegExp(`(?<![A-Za-z0-9])(?:${KEYS.join('|')})`, 'g')),
  rule('token', /(?<![A-Za-z0-9])ya29\.[A-Za-z0-9_.-]{20,}/g, { hint: /ya29\./ }),
  rule('token', /(?<![A-Za-z0-9])eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, { hint: /eyJ/ }),
  rule('token', /(?<![A-Za-z0-9])(?:[Bb]earer|Basic)\s+([A-Za-z0-9._~+/-]{16,}=*)/dg, {
    group: 1,
    valid: (m) => /[\d+/=]/.test(m),
    hint: /earer|Basic/,
  }),
  rule('token', /hooks\.slack\.com\/services\/([A-Za-z0-9_/-]+)/dg, { group: 1, hint: /hooks\.slack/ }),
  rule('api key', /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g, {
    valid: awsSecret,
    hint: /[A-Za-z0-9/+]{40}/,
  }),
  // scheme://user:password@host — the password only.
  rule('password', /[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/[^\s:/?#@]*:([^\s/?#@]+)@/dg, {
    group: 1,
    hint: /:\/\//,
  }),
  rule(
    'token',
    /[?&](?:access_token|refresh_token|id_token|token|api_key|apikey|key|secret|client_secret|password|auth|signature|sig|code)=(?!\[redacted)([^&\s#]{6,})/dgi,
    { group: 1, hint: /[?&]/ },
  ),
  scanAssignments,
  scanStatedPasswords,
  rule('card number', new RegExp(CARD, 'g'), { valid: (m) => luhn(m.replace(/\D/g, '')) }),
  scanIbans,
  rule('SSN', /(?<![0-9A-Za-z-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![0-9A-Za-z-])/g),
];

/** An IBAN, trimmed back group by group until its check digits hold ("… 00 BIC COBADEFF" still matches). */
function scanIbans(text: string): Span[] {
  const out: Span[] = [];
  if (!/[A-Z]{2}\d{2}/.test(text)) return out;
  for (const m of text.matchAll(/(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![A-Za-z0-9])/g)) {
    let candidate = m[0];
    while (candidate.replace(/ /g, '').length >= 15) {
      if (ibanValid(candidate)) {
        out.push({ start: m.index, end: m.index + candidate.length, label: 'IBAN' });
        break;
      }
      const cut = candidate.lastIndexOf(' ');
      if (cut < 0) break;
      candidate = candidate.slice(0, cut);
    }
  }
  return out;
}
