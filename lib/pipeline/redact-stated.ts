// Passwords, PINs, codes and passphrases stated in prose (#11), in the sentences people write (#25, #34 item 7):
// "the password for my bank account is …", "the wifi password, by the way, is …", "password - …", "PIN number:
// 4821", "my PIN is 4 8 2 1", "passwd toor1234", "sync passphrase: five words", in the languages of
// redact-words.ts. How the value is read depends on the keyword: a word (redact-scan.ts valueAt), digits with the
// spaces people put in them, a passphrase to the end of its clause, or the ASCII run after a CJK keyword.
import { isPassphraseWord } from './redact-dictionary';
import { isReference, valueAt, type Value } from './redact-scan';
import type { Span } from './redact-span';
import {
  FOR,
  GLUED,
  inAsciiOnly,
  kindOfKeyword,
  NOT_A_PASSWORD,
  PARTICLE,
  PASSWORD,
  PHRASE,
  PIN,
  VERB,
  WEAK,
  WHICH,
  type KeywordKind,
} from './redact-words';

// Words before the keyword never matter; `(?<![\p{L}\p{N}\p{M}])` keeps "compassword" and "spin" out, and a
// letter after it "passwordless" (a Korean or Japanese particle may follow: "PIN 번호는"). Keywords written glued
// to the word before them ("私のパスワード") have no such boundary.
const CJK = String.raw`\p{sc=Hang}\p{sc=Hira}\p{sc=Kana}\p{sc=Han}`;
const KEYWORD = String.raw`(?:(?<![\p{L}\p{N}\p{M}])(${PHRASE}|${PASSWORD}|${PIN}|${WEAK})(?!(?![${CJK}])[\p{L}\p{M}])|(${GLUED}))`;
// ", by the way," and "for my bank account", "to the NAS", "für das WLAN", "от почты".
const ASIDE = String.raw`(?:\s*,[^,\n]{1,40},)?`;
const OWNER = String.raw`(?:\s+(?:${FOR})\s+[^\n:=,;.!?]{1,50}?)?`;
const QUALIFIER = String.raw`(?:\s+(?:${WHICH})){0,2}`;
const SEPARATOR = String.raw`(\s+(?:${VERB}|=|:)(?![\p{L}])\s*[:=]?|\s*[:=]|\s+[-–—](?=\s)|\s*(?:${PARTICLE}))\s*`;

// One pass finds the keywords; then, where each ends, "is …" and then a bare space are tried (sticky).
const KEYWORDS = new RegExp(KEYWORD, 'giu');
const STATED = new RegExp(`${QUALIFIER}${ASIDE}${OWNER}${ASIDE}${SEPARATOR}`, 'iuy');
/** "passwd toor1234", "card PIN 7390", "пароль от вайфая Kotik-2024": the keyword, a space, the value. */
const SPACED = new RegExp(`${QUALIFIER}${OWNER}[ \\t]+`, 'iuy');
const HINT =
  /pass|pw|pin|wort|woord|contrase|senha|hasło|lösen|пароль|пин|code|cvv|cvc|csc|phrase|clave|parola|şifre|khẩu|sandi|laluan|geheim|كلمة|رمز|الرقم|पास|पिन|कूट|عبارة|フレーズ|パス|暗証|密|口令|비밀|비번|암호/i;

/** What a value without a clear "is" or ":" must look like: letters and digits, or a symbol, 4+ long. */
const looksLikePassword = (v: string) =>
  v.length >= 4 && ((/\d/.test(v) && /\p{L}/u.test(v)) || /[!@#$%^&*+=~?]/.test(v));
const stop = (v: string) => NOT_A_PASSWORD.has(v.toLowerCase().replace(/[.?!]+$/, ''));

// Digits as people write a PIN: "4821", "4 8 2 1", "48 21", "7-3-9-0"; what follows must not be a letter or digit,
// though a glued Japanese or Korean ending (입니다, です) may.
const DIGITS = new RegExp(String.raw`\d(?:[ .\-–]?\d){2,7}(?!(?![${CJK}])[\p{L}\p{N}])`, 'uy');

function pinAt(text: string, at: number, keyword: string): Span | null {
  const [min, max] = /^c[vs]/i.test(keyword) ? [3, 4] : [4, 8];
  DIGITS.lastIndex = at;
  const m = DIGITS.exec(text);
  const count = m?.[0].replace(/\D/g, '').length ?? 0;
  if (!m || count < min || count > max) return null;
  return { start: at, end: at + m[0].length, label: 'PIN' };
}

// A clause ends at a full stop, semicolon, question or exclamation mark, a line break, or a comma and a space.
const CLAUSE = /[^.;!?\n,]{1,200}?(?=\s*(?:[.;!?\n]|,\s|$))/y;
const WORD_AFTER = /[ \t]+([\p{L}\p{M}'-]+)/uy;

/** A passphrase: every word to the end of its clause, at most 16; with no "is" or ":", only listed words. */
function phraseAt(text: string, v: Value, clear: boolean): Span | null {
  if (v.quoted) return { start: v.start, end: v.end, label: 'password' };
  // "empty emu enable enactment enamel" is one; "something only I know" is not.
  if (stop(v.value) && !long(text, v)) return null;
  if (!clear) {
    const run = isPassphraseWord(v.value) ? readOn(text, v.end) : null;
    return run && run.words >= 3 ? { start: v.start, end: run.end, label: 'password' } : null;
  }
  CLAUSE.lastIndex = v.start;
  const clause = CLAUSE.exec(text)?.[0] ?? v.value;
  const last = [...clause.matchAll(/\S+/g)].slice(0, 16).at(-1);
  const end = last ? v.start + last.index + last[0].length : v.end;
  return { start: v.start, end: Math.max(end, v.end), label: 'password' };
}

/** "correct horse battery staple": after a first word from a passphrase list, the words that follow it from one. */
function readOn(text: string, end: number): { end: number; words: number } {
  let words = 1;
  for (;;) {
    WORD_AFTER.lastIndex = end;
    const m = WORD_AFTER.exec(text);
    if (!m?.[1] || !isPassphraseWord(m[1])) return { end, words };
    end = WORD_AFTER.lastIndex;
    words++;
  }
}

/** Four or more words of a passphrase list in a row (xkcd's "correct horse battery staple"): a passphrase. */
const LONG = 4;
const long = (text: string, v: Value) => isPassphraseWord(v.value) && readOn(text, v.end).words >= LONG;

function passwordAt(text: string, v: Value, kind: KeywordKind, clear: boolean): Span | null {
  if (v.quoted) return { start: v.start, end: v.end, label: 'password' };
  const run = clear && isPassphraseWord(v.value) ? readOn(text, v.end) : { end: v.end, words: 1 };
  // "my password is correct horse battery staple": a stop word that starts four words of a list is a passphrase.
  if (stop(v.value) && run.words < LONG) return null;
  const strict = !clear || kind === 'weak';
  if (run.words === 1 && !(strict ? looksLikePassword(v.value) : v.value.length >= 3)) return null;
  return { start: v.start, end: run.end, label: 'password' };
}

/** The ASCII a CJK, Arabic or Devanagari keyword's value is typed in, or nothing. */
function asciiValue(text: string, v: Value): Value | null {
  if (v.quoted) return v;
  const ascii = /^[\x21-\x7e]+/.exec(v.value)?.[0];
  return ascii ? { ...v, end: v.start + ascii.length, value: ascii } : null;
}

function spanOf(text: string, keyword: string, at: number, clear: boolean): Span | null {
  const kind = kindOfKeyword(keyword.trim());
  if (kind === 'pin') return pinAt(text, at, keyword);
  const read = valueAt(text, at);
  const v = read && inAsciiOnly(keyword) ? asciiValue(text, read) : read;
  // "false falsify fame familiar family" starts with a word that usually says there is no value; four or more
  // words of a passphrase list are one all the same.
  if (!v || (isReference(v.value) && !(clear && long(text, v)))) return null;
  if (kind === 'phrase') return phraseAt(text, v, clear);
  return passwordAt(text, v, kind, clear);
}

export function scanStatedPasswords(text: string): Span[] {
  if (!HINT.test(text)) return [];
  const out: Span[] = [];
  for (const k of text.matchAll(KEYWORDS)) {
    const keyword = k[1] ?? k[2] ?? '';
    const after = k.index + k[0].length;
    for (const tail of [STATED, SPACED]) {
      tail.lastIndex = after;
      const m = tail.exec(text);
      if (!m) continue;
      // A dash or a bare space says less than "is" or ":": only a value that looks like a password counts.
      const clear = tail === STATED && !/^\s+[-–—]/.test(m[1] ?? '');
      const s = spanOf(text, keyword, after + m[0].length, clear);
      if (s) out.push(s);
    }
  }
  return out;
}
