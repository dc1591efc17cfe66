// Numbers that are secrets by their shape and check digits (#11): cards (Luhn), IBANs (length per country
// and mod 97) and US SSNs. #25 found them missed when written as people do: `4111-1111 1111.1111`, double
// spaces, en dashes, `123 45 6789`, `de89 3704 …` in lowercase or `DE89 37040044 0532013000`.
import { ibanValid, luhn } from './checks';
import type { Span } from './redact-span';

// One to three of space, dot, dash or en dash between groups ("5555 - 5555", "4111  1111"), mixed freely.
const SEP = '[ .\\-–]{1,3}';
/** 13–19 digits starting 2–6 (no card starts 1, 7–9: timestamps, ISBNs), compact or in the usual groups. */
const CARD = new RegExp(
  `(?<![0-9A-Za-z.-])[2-6](?:\\d{12,18}|\\d{3}(?:${SEP}\\d{4}){3}(?:${SEP}\\d{3})?|\\d{3}${SEP}\\d{6}${SEP}\\d{4,5})(?![0-9A-Za-z])`,
  'g',
);

export function scanCards(text: string): Span[] {
  const out: Span[] = [];
  if (!/\d{4}/.test(text)) return out;
  for (const m of text.matchAll(CARD))
    if (luhn(m[0].replace(/\D/g, '')))
      out.push({ start: m.index, end: m.index + m[0].length, label: 'card number' });
  return out;
}

// One separator, the same both times: "123-45-6789", "123 45 6789", "123.45.6789".
const SSN = /(?<![0-9A-Za-z-])(?!000|666|9\d\d)\d{3}([ .-])(?!00)\d{2}\1(?!0000)\d{4}(?![0-9A-Za-z-])/g;
const SSN_NAMED =
  /(?<![A-Za-z])(?:SSN|social security(?: number)?)(?:\s*(?:#|no\.?|number))?(?:\s+is|\s*[:=#])?\s*(\d{9})(?!\d)/dgi;

export function scanSsns(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(SSN)) out.push({ start: m.index, end: m.index + m[0].length, label: 'SSN' });
  for (const m of text.matchAll(SSN_NAMED)) {
    const at = m.indices?.[1];
    if (at) out.push({ start: at[0], end: at[1], label: 'SSN' });
  }
  return out;
}

// Lengths from the IBAN registry: a candidate is read to exactly its country's length, so trailing words
// ("… 00 BIC COBADEFF") never join it and a made-up country never matches.
const LENGTHS = new Map(
  `AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 EE20
  EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30
  KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23
  PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26
  UA29 VA22 VG24 XK20 YE30`
    .split(/\s+/)
    .map((c) => [c.slice(0, 2), Number(c.slice(2))] as const),
);
const IBAN_START = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?=[ -]{0,2}[A-Za-z0-9])/g;

/** The IBAN starting at `start`: its country's length of letters and digits, up to two separators apart. */
function ibanAt(text: string, start: number): Span | null {
  const length = LENGTHS.get(text.slice(start, start + 2).toUpperCase());
  if (!length) return null;
  let chars = '';
  let gap = 0;
  let at = start;
  for (; at < text.length && chars.length < length; at++) {
    const c = text[at] ?? '';
    if (/[A-Za-z0-9]/.test(c)) [chars, gap] = [chars + c, 0];
    else if ((c === ' ' || c === '-') && ++gap <= 2 && chars.length > 0) continue;
    else break;
  }
  if (chars.length !== length || /[A-Za-z0-9]/.test(text[at] ?? '')) return null;
  // One case throughout, as people write it: "de89 …" or "DE89 …", never "De89 coDe …".
  if (/[a-z]/.test(chars) && /[A-Z]/.test(chars)) return null;
  return ibanValid(chars) ? { start, end: at, label: 'IBAN' } : null;
}

export function scanIbans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(IBAN_START)) {
    const span = ibanAt(text, m.index);
    if (span) out.push(span);
  }
  return out;
}
