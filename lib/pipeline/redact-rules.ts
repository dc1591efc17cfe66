// What counts as a secret (#11). Each rule finds spans in text already folded by redact.ts (NFKC, no
// invisible characters), so a key split by zero-width spaces or written in full-width letters is matched as
// the key it is. Token boundaries are `(?<![A-Za-z0-9])`, never `\b`: `\b` between `_` and a letter never
// matches, which let `DB_PASSWORD=…` through. The corpus in test/helpers/secrets-corpus.ts decides every
// rule; secretlint's recommended preset found 11 of its 80 secrets (see SECURITY.md), so these are our own.
import { scanCommandLines } from './redact-cli';
import { scanFormats } from './redact-formats';
import {
  AGE_IDENTITY,
  DISCORD,
  scanHexKeys,
  scanKeyBodies,
  scanPrefixedKeys,
  TELEGRAM,
  TERRAFORM,
} from './redact-keys';
import { scanCards, scanIbans, scanSsns } from './redact-numbers';
import { scanAssignments } from './redact-scan';
import type { Span } from './redact-span';
import { scanStatedPasswords } from './redact-stated';
import { scanWallets } from './redact-wallets';

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

/** An AWS secret access key: 40 base64 characters that look random (a path or a hex digest does not). */
function awsSecret(m: string): boolean {
  const slashes = m.length - m.replace(/[/+]/g, '').length;
  return /[A-Z]/.test(m) && /[a-z]/.test(m) && /\d/.test(m) && slashes <= 4 && !/^[0-9a-f]+$/i.test(m);
}

export const SCANNERS: Scanner[] = [
  rule(
    'private key',
    /-----BEGIN[ A-Z]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    { hint: /PRIVATE KEY/ },
  ),
  scanKeyBodies,
  scanPrefixedKeys,
  rule('private key', AGE_IDENTITY, { hint: /secret-key-1/i }),
  rule('token', TELEGRAM, { hint: /:AA/ }),
  rule('token', DISCORD, { hint: /\.[A-Za-z0-9_-]{6}\./ }),
  rule('token', /(?<![A-Za-z0-9])ya29\.[A-Za-z0-9_.-]{20,}/g, { hint: /ya29\./ }),
  rule('token', /(?<![A-Za-z0-9])eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, { hint: /eyJ/ }),
  rule('token', /(?<![A-Za-z0-9])(?:[Bb]earer|Basic)\s+([A-Za-z0-9._~+/-]{16,}=*)/dg, {
    group: 1,
    valid: (m) => /[\d+/=]/.test(m),
    hint: /earer|Basic/,
  }),
  rule('token', /hooks\.slack\.com\/services\/([A-Za-z0-9_/-]+)/dg, { group: 1, hint: /hooks\.slack/ }),
  rule('token', /discord(?:app)?\.com\/api\/webhooks\/\d+\/([A-Za-z0-9_-]{30,})/dg, {
    group: 1,
    hint: /webhooks/,
  }),
  rule('api key', TERRAFORM, { hint: /\.atlasv1\./ }),
  scanHexKeys,
  rule('api key', /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g, {
    valid: awsSecret,
    hint: /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}/,
  }),
  // scheme://user:password@host — the password only, to the authority's last `@` (#34: `p@ss`, `s3cr@t:w0rd`).
  rule('password', /[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/[^\s:/?#@]*:([^\s/?#]+)@(?=[^\s/?#@]*(?:[/?#\s]|$))/dg, {
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
  scanWallets,
  scanFormats,
  scanCommandLines,
  scanCards,
  scanIbans,
  scanSsns,
];
