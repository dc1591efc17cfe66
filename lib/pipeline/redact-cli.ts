// Secrets in command lines, headers and markup (#25): `curl -u user:pw`, `mysql -ppw`, `sshpass -p`,
// `redis-cli -a`, `docker login -p`, `--password pw`, openssl's `pass:pw`, `Authorization: Token …` (and
// Bot, token, Digest…), `<password>…</password>`. `--password=pw` is an assignment (redact-scan.ts).
import type { Span } from './redact-span';
import { isReference } from './redact-scan';

/** The first group that matched, as a span, unless it is a reference such as `$TOKEN`. */
function groups(text: string, pattern: RegExp, label: string, hint: RegExp): Span[] {
  if (!hint.test(text)) return [];
  const out: Span[] = [];
  for (const m of text.matchAll(pattern)) {
    const i = m.findIndex((g, n) => n > 0 && g !== undefined);
    const at = i > 0 ? m.indices?.[i] : undefined;
    if (at && !isReference(m[i] ?? '')) out.push({ start: at[0], end: at[1], label });
  }
  return out;
}

// A value on the command line: quoted, or up to the next space.
const ARG = String.raw`(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"]+))`;
const CLI = [
  // curl, wget, httpie: -u/--user name:password (the name stays).
  String.raw`(?<![\w-])(?:-u|--user)(?:\s+|=)["']?[^\s:"'$]*:([^\s"'@]+)`,
  // MySQL and MariaDB take the password glued to -p; -P is the port.
  String.raw`(?<![\w-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mariadb|mariadb-dump)\b[^\n|;&]{0,200}?\s-p${ARG}`,
  String.raw`(?<![\w-])sshpass\s+-p\s*${ARG}`,
  String.raw`(?<![\w-])redis-cli\b[^\n|;&]{0,200}?\s(?:-a|--pass)\s+${ARG}`,
  String.raw`(?<![\w-])docker\s+login\b[^\n|;&]{0,200}?\s-p\s+${ARG}`,
  String.raw`(?<![\w-])--(?:password|passwd|pass|token|api-key|apikey|secret|client-secret|access-token|auth-token)\s+(?!-)${ARG}`,
  String.raw`(?<![\w-])-pass(?:in|out|word)?\s+pass:${ARG}`,
];
const CLI_PATTERN = new RegExp(CLI.join('|'), 'dg');
const CLI_HINT = /-u|--user|-p|sshpass|redis-cli|--|pass:/;

const SCHEMES = 'Bearer|Basic|Token|Bot|Digest|OAuth|Api-?Key|SSWS|Key';
const AUTHORIZATION = new RegExp(
  String.raw`Authorization["']?\s*[:=]\s*["']?(?:(?:${SCHEMES})\s+)?([A-Za-z0-9._~+/=:-]{16,})`,
  'dgi',
);

const XML_NAMES =
  'password|passwd|pass|pwd|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?secret|access[_-]?token|auth[_-]?token';
const XML = new RegExp(String.raw`<(${XML_NAMES})>\s*([^<\n]{1,300}?)\s*</\1>`, 'dgi');

export function scanCommandLines(text: string): Span[] {
  return [
    ...groups(text, CLI_PATTERN, 'password', CLI_HINT),
    ...groups(text, AUTHORIZATION, 'token', /authorization/i),
    ...xmlValues(text),
  ];
}

function xmlValues(text: string): Span[] {
  if (!/<\/\w/.test(text)) return [];
  const out: Span[] = [];
  for (const m of text.matchAll(XML)) {
    const at = m.indices?.[2];
    const label = /pass|pwd/i.test(m[1] ?? '') ? 'password' : 'secret';
    if (at && !isReference(m[2] ?? '')) out.push({ start: at[0], end: at[1], label });
  }
  return out;
}
