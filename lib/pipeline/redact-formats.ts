// Secrets in the formats people copy whole (#34 item 7): a Wi-Fi QR code's text (`WIFI:T:WPA;S:Home;P:…;;`), a
// `.pgpass` line (`host:port:database:user:password`), 2FA backup codes after the words that name them, and an
// authenticator's setup key. Each reads only the value: the network's name, the host and the user stay.
import type { Span } from './redact-span';

/** The `P:` field of each `WIFI:` string; `\;` and `\\` escape, `;` ends a field. */
function wifiPasswords(text: string): Span[] {
  const out: Span[] = [];
  for (let at = text.indexOf('WIFI:'); at >= 0; at = text.indexOf('WIFI:', at + 5)) {
    let i = at + 5;
    while (i < text.length && text[i] !== '\n') {
      let end = i;
      while (end < text.length && text[end] !== ';' && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      if (text.startsWith('P:', i) && end > i + 2) out.push({ start: i + 2, end, label: 'password' });
      if (end === i) break;
      i = end + 1;
    }
  }
  return out;
}

// host (a name, an address or *), port (digits or *), database, user, password: five fields, one line.
const PGPASS =
  /^[ \t]*(?=[^:\s]*[A-Za-z.*])[^:\s]+:(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:((?:\\.|[^\s:\\])(?:\\.|[^\n\\:])*?)[ \t]*$/dgm;

function pgpassPasswords(text: string): Span[] {
  const out: Span[] = [];
  if (!/:(?:\d{1,5}|\*):/.test(text)) return out;
  for (const m of text.matchAll(PGPASS)) {
    const at = m.indices?.[1];
    if (at) out.push({ start: at[0], end: at[1], label: 'password' });
  }
  return out;
}

const CODE_WORDS = [
  String.raw`(?:backup|recovery|2fa|two-factor|2-step|scratch|one-time|emergency|verification)\s+codes?`,
  String.raw`backup-codes?|codes?\s+de\s+(?:secours|récupération|respaldo|recuperaci[oó]n|backup|recupera[cç][aã]o)`,
  String.raw`c[oó]digos?\s+de\s+(?:respaldo|recuperaci[oó]n|backup|recupera[cç][aã]o)|резервн\S*\s+код\S*`,
  String.raw`バックアップコード|백업\s?코드|复原码|备用码|yedek\s+kod\S*|mã\s+dự\s+phòng|kode\s+cadangan`,
  String.raw`رموز\s+الاحتياط|बैकअप\s+कोड`,
].join('|');
// Codes as services print them: 8–10 digits, "4829 1137", "a1b2c-3d4e5", "ABCD-EFGH-IJKL".
const CODE = String.raw`(?:\d{4}[ -]\d{4}|\d{6,10}|[a-z0-9]{4,5}-[a-z0-9]{4,5}|[A-Z0-9]{4}(?:-[A-Z0-9]{4}){1,3})`;
const CODE_LIST = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${CODE_WORDS})[^\n\d]{0,24}?(?:\s|:)\s*(${CODE}(?:(?:\s*[,;]?\s+|\s*,\s*)(?:(?:and|und|et|y|e|и|và|dan|ve|و|और)\s+)?${CODE})*)(?![\p{L}\p{N}])`,
  'dgiu',
);
// An authenticator's setup key: base32, often in groups of four.
const SETUP_KEY =
  /(?<![A-Za-z])(?:2fa|mfa|totp|otp|authenticator)\s+(?:setup\s+)?(?:key|secret|seed)\s*[:=]?\s*((?:[A-Z2-7]{4}[ -]?){3,15}[A-Z2-7]{0,4})(?![A-Za-z0-9])/dgi;

function codes(text: string): Span[] {
  const out: Span[] = [];
  if (!/code|kod|コード|코드|码|رموز|कोड/i.test(text) && !/2fa|mfa|otp|authenticator/i.test(text)) return out;
  for (const [pattern, label] of [
    [CODE_LIST, 'backup code'],
    [SETUP_KEY, 'secret'],
  ] as const)
    for (const m of text.matchAll(pattern)) {
      const at = m.indices?.[1];
      if (at) out.push({ start: at[0], end: at[1], label });
    }
  return out;
}

export function scanFormats(text: string): Span[] {
  return [...wifiPasswords(text), ...pgpassPasswords(text), ...codes(text)];
}
