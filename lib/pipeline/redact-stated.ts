// Passwords, PINs and codes stated in prose (#11), in the sentences people write (#25): "the password for my
// bank account is …", "the wifi password, by the way, is …", "password - …", "PIN number: 4821", "pin code
// is 4821", "passwd toor1234", in several languages. The value is read by valueAt (redact-scan.ts).
import type { Span } from './redact-span';
import { isReference, NOT_A_PASSWORD, valueAt } from './redact-scan';

// Words before the keyword never matter; `(?<![\p{L}\p{N}])` keeps "compassword" and "spin" out. CJK
// keywords follow other letters with no space ("私のパスワード"), so they have no such boundary.
const PASSWORD_WORDS = String.raw`passwords?|passwd|passphrase|passcode|pwd|pw|mot de passe|passwort|kennwort|contraseña|senha|wachtwoord|hasło|lösenord(?:et)?|пароль`;
const PIN_WORDS = String.raw`pin(?:\s*(?:number|code|no\.?|#))?|(?:door|gate|alarm|lock|safe|garage|entry|security|unlock|access)\s+code|cvv2?|cvc2?|csc`;
const CJK_WORDS = 'パスワード|暗証番号|密[码碼]|비밀번호';
const KEYWORD = String.raw`(?:(?<![\p{L}\p{N}])(${PASSWORD_WORDS}|${PIN_WORDS})|(${CJK_WORDS}))`;
// ", by the way," and "for my bank account", "to the NAS", "für das WLAN", "от почты".
const ASIDE = String.raw`(?:\s*,[^,\n]{1,40},)?`;
const OWNER = String.raw`(?:\s+(?:for|to|of|on|at|in|from|für|du|de|del|da|do|della|för|voor|от|для)\s+[^\n:=,;.!?]{1,50}?)?`;
const VERB = String.raw`\s+(?:is|was|est|ist|war|es|era|é|è|lautet|är|=|:)(?![\p{L}])\s*[:=]?`;
const SEPARATOR = String.raw`(${VERB}|\s*[:=]|\s+[-–—](?=\s)|\s*(?:は|是|为|為|는|은))\s*`;

const STATED = new RegExp(`${KEYWORD}${ASIDE}${OWNER}${ASIDE}${SEPARATOR}`, 'giu');
/** "passwd toor1234", "card PIN 7390", a .netrc's "password s3cret": the keyword, a space, the value. */
const SPACED = new RegExp(`${KEYWORD}[ \\t]+`, 'giu');
const HINT =
  /pass|pw|pin|wort|woord|contrase|senha|hasło|lösen|пароль|code|cvv|cvc|csc|パスワード|暗証|密|비밀/i;

/** What a value without a clear "is" or ":" must look like: letters and digits, or a symbol, 4+ long. */
const looksLikePassword = (v: string) =>
  v.length >= 4 && ((/\d/.test(v) && /\p{L}/u.test(v)) || /[!@#$%^&*+=~?]/.test(v));

function span(
  keyword: string,
  v: { start: number; end: number; value: string; quoted: boolean },
  clear: boolean,
) {
  const lower = keyword.toLowerCase();
  if (/^(?:pin|cvv|cvc|csc|暗証)|\scode$/.test(lower)) {
    const [min, max] = /^c[vs]/.test(lower) ? [3, 4] : [4, 8];
    const digits = new RegExp(`^\\d{${min},${max}}(?!\\d)`).exec(v.value)?.[0];
    if (!digits || /\d/.test(v.value.slice(digits.length))) return null;
    return { start: v.start, end: v.start + digits.length, label: 'PIN' };
  }
  if (!v.quoted && !(clear ? v.value.length >= 3 : looksLikePassword(v.value))) return null;
  if (!v.quoted && NOT_A_PASSWORD.has(v.value.toLowerCase())) return null;
  return { start: v.start, end: v.end, label: 'password' };
}

export function scanStatedPasswords(text: string): Span[] {
  if (!HINT.test(text)) return [];
  const out: Span[] = [];
  for (const [pattern, spaced] of [
    [STATED, false],
    [SPACED, true],
  ] as const)
    for (const m of text.matchAll(pattern)) {
      const v = valueAt(text, m.index + m[0].length);
      if (!v || isReference(v.value)) continue;
      // A dash or a bare space says less than "is" or ":": only a value that looks like a password counts.
      const clear = !spaced && !/^\s+[-–—]/.test(m[3] ?? '');
      const s = span(m[1] ?? m[2] ?? '', v, clear);
      if (s) out.push(s);
    }
  return out;
}
