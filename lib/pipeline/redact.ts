// Redaction of secrets and sensitive identifiers, before text leaves for a model and again before anything is
// stored (#4). Covered by the corpus in redact.test.ts; numbers are checked (Luhn, IBAN mod 97) so ordinary
// long numbers survive.

type Rule = { label: string; pattern: RegExp; valid?: (match: string) => boolean };

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function ibanValid(raw: string): boolean {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  const moved = s.slice(4) + s.slice(0, 4);
  const numeric = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

const RULES: Rule[] = [
  {
    label: 'private key',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  },
  { label: 'token', pattern: /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g },
  { label: 'token', pattern: /\bBearer\s+[\w.~+/-]{16,}=*/gi },
  {
    label: 'api key',
    pattern:
      /\b(?:sk-(?:ant-|proj-)?[\w-]{20,}|(?:sk|rk|pk)_(?:live|test)_[\w]{16,}|AKIA[0-9A-Z]{16}|AIza[\w-]{35}|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{22,}|glpat-[\w-]{20,}|xox[abprs]-[\w-]{10,}|hf_[A-Za-z0-9]{30,})/g,
  },
  {
    label: 'password',
    pattern:
      /\b(?:password|passwd|passcode|pwd|pin|mot de passe|passwort|kennwort|contraseña|senha|パスワード)(?:\s+(?:is|was|est|ist|es|é)\s*[:=]?|\s*[:=])\s*["'“]?[^\s"'”;,]{3,}/giu,
  },
  { label: 'card number', pattern: /\b\d(?:[ -]?\d){12,18}\b/g, valid: (m) => luhn(m.replace(/\D/g, '')) },
  {
    label: 'IBAN',
    pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g,
    valid: ibanValid,
  },
  { label: 'SSN', pattern: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g },
];

export interface Redacted {
  text: string;
  /** Labels of what was removed, for the job log; never the values. */
  found: string[];
}

export function redact(text: string): Redacted {
  const found: string[] = [];
  let out = text;
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (match) => {
      if (rule.valid && !rule.valid(match)) return match;
      found.push(rule.label);
      return `[redacted ${rule.label}]`;
    });
  }
  return { text: out, found };
}

export const redactText = (text: string, on: boolean): string => (on ? redact(text).text : text);
