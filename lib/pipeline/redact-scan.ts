// Reading a name and then its value (#11): `NAME=value` in env, YAML, JSON, TOML, shell and code here, and
// passwords stated in prose in redact-stated.ts. A value is a quoted string (all of it, however many words)
// or one bare word; references to a secret ($VAR, ${{ secrets.X }}, process.env.X) are not secrets and stay.
import type { Span } from './redact-span';
import { NOT_A_PASSWORD } from './redact-words';

const QUOTES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '`': '`',
  '“': '”',
  '‘': '’',
  '«': '»',
  '„': '“',
};

export interface Value {
  start: number;
  end: number;
  value: string;
  quoted: boolean;
}

// `&` belongs to a password ("Tr0ub4dor&3") unless a query parameter follows it ("&page=2").
const BARE = /(?:[^\s"'`,;&)}\]]|&(?![\w.-]+=)){1,300}/y;

/** The value starting at `at`: the inside of a quoted string on one line, or a bare word. */
export function valueAt(text: string, at: number): Value | null {
  const open = text[at] ?? '';
  const close = QUOTES[open];
  if (close) {
    const end = text.indexOf(close, at + 1);
    const value = end < 0 ? '' : text.slice(at + 1, end);
    if (value && end - at <= 200 && !value.includes('\n')) return { start: at + 1, end, value, quoted: true };
    // A quote left open (`password = "hunter2` and the rest of the line) still holds a value: its first word (#25).
    if (value.includes('\n') || end < 0 || end - at > 200) return bareAt(text, at + 1);
    return null;
  }
  return bareAt(text, at);
}

function bareAt(text: string, at: number): Value | null {
  BARE.lastIndex = at;
  const bare = BARE.exec(text)?.[0];
  return bare ? { start: at, end: at + bare.length, value: bare, quoted: false } : null;
}

const REFERENCE =
  /^(?:\$|%|\{\{|\{%|<|\[redacted|\*{3}|process\.env|os\.environ|os\.getenv|getenv|env\(|ENV\[|secrets\.|vault:|!Ref)/i;
const NOT_A_VALUE =
  /^(?:true|false|null|none|nil|undefined|yes|no|on|off|required|optional|string|str|int|bool|empty|hidden|unset|x+|\.{3}|…)$/i;
/** YOUR_API_KEY, OPENAI_API_KEY: a placeholder or the name of another variable. */
const PLACEHOLDER = /^[A-Z][A-Z0-9_]*(?:KEY|TOKEN|PASSWORD|SECRET)[A-Z0-9_]*$/;

export function isReference(v: string): boolean {
  return REFERENCE.test(v) || NOT_A_VALUE.test(v) || PLACEHOLDER.test(v) || /\($|\(\)$/.test(v);
}

const randomish = (v: string) => v.length >= 8 && !/^\d+$/.test(v) && (/\d/.test(v) || v.length >= 16);

type Kind = { label: string; accepts: (v: string) => boolean } | null;

/** What a variable name says its value is; null when it names no secret (SORT_KEY=id, MAX_TOKENS=4096). */
export function kindOfName(name: string): Kind {
  const lower = name.toLowerCase();
  if (/(?:password|passwd|passphrase|passcode)$/.test(lower) || /(?:^|[_.-])(?:pass|pwd|pw)$/i.test(name))
    return { label: 'password', accepts: (v) => v.length >= 3 };
  if (/[a-z](?:Pass|Pwd|Pw)$/.test(name)) return { label: 'password', accepts: (v) => v.length >= 3 };
  if (/(?:secret|credentials?)$/.test(lower)) return { label: 'secret', accepts: (v) => v.length >= 3 };
  if (/token$/.test(lower)) return { label: 'token', accepts: randomish };
  if (
    /(?:api|access|secret|private|account|auth|master|encryption|signing|license|client)[_.-]?key$/.test(
      lower,
    )
  )
    return { label: 'api key', accepts: randomish };
  // docker's config.json and .npmrc keep `user:password` in base64 under `auth` and `_auth`.
  if (/^_?auth$/i.test(name))
    return { label: 'password', accepts: (v) => /^[A-Za-z0-9+/]{12,}={0,2}$/.test(v) };
  if (/(?:^|[_.-])key$/i.test(name) || /[a-z]Key$/.test(name))
    return { label: 'api key', accepts: (v) => v.length >= 12 && /[A-Za-z]/.test(v) && /\d/.test(v) };
  return null;
}

const ASSIGNMENT = /(?<![\w.])(["'`]?)([A-Za-z_][\w.-]{0,63})\1[ \t]*(?:=>|:=|=|:)[ \t]*/g;

// Every name kindOfName accepts holds one of these; text without any skips the scan.
const SECRET_WORD = /pass|pw|secret|credential|token|key|auth/i;

export function scanAssignments(text: string): Span[] {
  if (!SECRET_WORD.test(text)) return [];
  const out: Span[] = [];
  for (const m of text.matchAll(ASSIGNMENT)) {
    const kind = kindOfName(m[2] ?? '');
    if (!kind) continue;
    const v = valueAt(text, m.index + m[0].length);
    if (!v || isReference(v.value) || !kind.accepts(v.value)) continue;
    // `password: see the vault` names no password; a quoted "see" would be one.
    if (!v.quoted && NOT_A_PASSWORD.has(v.value.toLowerCase())) continue;
    out.push({ start: v.start, end: v.end, label: kind.label });
  }
  return out;
}
