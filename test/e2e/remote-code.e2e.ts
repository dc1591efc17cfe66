// No remotely hosted code (#11): the built extension, Chrome and Firefox, names no code outside the package, and
// every host it may contact is one the README lists. Reads .output/chrome-mv3 (built before e2e) and builds
// .output/firefox-mv3 when it is missing or older.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { SITES } from '../../lib/sites/registry';

const OUTPUTS = ['.output/chrome-mv3', '.output/firefox-mv3'];

/** Hosts that serve code for others to run: never named by the package. */
const CODE_HOSTS =
  /(raw\.githubusercontent\.com|gist\.githubusercontent\.com|cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|esm\.sh|esm\.run|cdn\.skypack\.dev|ga\.jspm\.io)/;
/** A URL to a script or a WebAssembly module. */
const CODE_URL = /https?:\/\/[^\s"'`)]+\.(?:m?js|wasm)(?:[?#][^\s"'`)]*)?(?=["'`)\s])/;
/** Hosts the README's Privacy section lists as contacted, and why. */
const CONTACTED = [
  // Every site Engram reads (#24): the registry is the only list of them.
  ...SITES.flatMap((s) => s.hosts),
  'api.anthropic.com',
  // The suggested OpenAI-compatible base URL: contacted only if the person chooses it.
  'api.openai.com',
  'huggingface.co',
];
/** Strings in bundled libraries that are never fetched: XML namespaces, documentation and error links. */
const NEVER_FETCHED = [
  'www.w3.org',
  'react.dev',
  'reactjs.org',
  'wxt.dev',
  'github.com',
  'json-schema.org',
  'webgpureport.org',
  'bugs.webkit.org',
  'tinyurl.com',
  'bit.ly',
  'developer.mozilla.org',
  'mlc.ai',
  // react-i18next's warning text names its docs (#37); a link in a console message, never requested.
  'react.i18next.com',
  'llm.mlc.ai',
  // The webdav client compares a server's DAV header with Apache's compliance class "<http://apache.org/dav/
  // propset/fs/1>" (a name, never a request; sync talks only to the person's own endpoint, #15).
  'apache.org',
  // SQLite's WebAssembly build (the past index's worker, #13) keeps its license header, which names its two
  // projects, and one error text that points at SQLite's docs. The worker fetches only its own sqlite3.wasm,
  // from the package (bundle-size.e2e; scope-past.e2e sees no request to either host).
  'sqlite.org',
  'emscripten.org',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.(m?js|html|json|css)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

beforeAll(() => {
  const chrome = '.output/chrome-mv3/manifest.json';
  const firefox = '.output/firefox-mv3/manifest.json';
  if (!existsSync(firefox) || statSync(firefox).mtimeMs < statSync(chrome).mtimeMs)
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'ignore' });
}, 180_000);

describe.each(OUTPUTS)('%s', (dir) => {
  test('names no code outside the package', () => {
    const found: string[] = [];
    for (const file of files(dir)) {
      const text = readFileSync(file, 'utf8');
      for (const re of [CODE_HOSTS, CODE_URL]) {
        const m = new RegExp(re.source, 'g').exec(text);
        if (m) found.push(`${file}: ${text.slice(Math.max(0, m.index - 40), m.index + 80)}`);
      }
      if (/importScripts\(\s*["'`]https?:/.test(text)) found.push(`${file}: importScripts from the network`);
      if (/huggingface\.co\/[^"'`\s]*\/resolve\/main\//.test(text)) found.push(`${file}: weights at main`);
    }
    expect(found).toEqual([]);
  });

  // Desktop apps (#27): the only sockets the package opens go to engram-mcp on this computer. Each `ws://` in the
  // build is either 127.0.0.1 written out or `ws://${X}:` with X bound to `127.0.0.1` in the same file; no wss://.
  test('every WebSocket it opens is to 127.0.0.1', () => {
    const opened: string[] = [];
    for (const file of files(dir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/wss?:\/\/(\$\{(\w+)\}|[^\s"'`/:]+)/g)) {
        const host = m[2] ? new RegExp(`\\b${m[2]}=["'\`]([^"'\`]+)["'\`]`).exec(text)?.[1] : m[1];
        opened.push(`${m[0].startsWith('wss') ? 'wss' : 'ws'}://${host ?? '?'}`);
      }
    }
    expect(opened.length).toBeGreaterThan(0);
    expect(new Set(opened)).toEqual(new Set(['ws://127.0.0.1']));
  });

  test('every host it names is one the README lists as contacted, or a link that is never fetched', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const host of CONTACTED) expect(readme, `README lists ${host}`).toContain(host);
    const hosts = new Set<string>();
    for (const file of files(dir))
      for (const m of readFileSync(file, 'utf8').matchAll(/https?:\/\/([a-z0-9.-]+\.[a-z]{2,})/gi))
        hosts.add(m[1]!.toLowerCase());
    const unknown = [...hosts].filter(
      (h) => ![...CONTACTED, ...NEVER_FETCHED].some((ok) => h === ok || h.endsWith(`.${ok}`)),
    );
    expect(unknown).toEqual([]);
  });
});
