// A document that can drift, will (#38): docs/architecture.md named lib/background/handlers/ and services/ for a
// week after both were gone, and 6 of 12 statements checked in it were wrong. So the doc is held to the tree: every
// path it writes exists, every folder of lib/ and of lib/background/ is named, its background areas are the
// folders, and its receivers are the files of lib/messaging/ that define a protocol map.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(__dirname, '../..');
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const TOPS = ['lib', 'components', 'entrypoints', 'prompts', 'mcp', 'test', 'scripts', 'docs'];
const EXTENSIONS = 'ts|tsx|mjs|cjs|js|json|md|css|html';
const SKIP = new Set(['node_modules', 'dist', '.output', '.wxt']);

/** Every file, and every folder with a trailing slash, under `dir`, relative to the root. */
function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name))
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      return entry.isDirectory() ? [`${path}/`, ...walk(path)] : [path];
    });
}
// locales/ too: the doc names the catalogues (`locales/*.json`), though no code path starts there.
const TREE = [...TOPS, 'locales'].flatMap((top) => [`${top}/`, ...walk(top)]);
const ROOT_FILES = readdirSync(ROOT);
const folders = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** A path as the doc writes it, as a pattern: `<site>` is one folder, `*` part of a name, `**` anything. */
function patternOf(path: string): string {
  return path
    .replace(/[.+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]+)\}/g, (_, alts: string) => `(${alts.split(',').join('|')})`)
    .replace(/<[^>]+>/g, '[^/]+')
    .replace(/\*\*/g, '\0')
    .replace(/\*/g, '[^/]*')
    .replace(/\0/g, '.*');
}
const exists = (pattern: string) => {
  const re = new RegExp(`^${pattern}$`);
  return TREE.some((p) => re.test(p));
};

/** The doc's text outside its code blocks, and the picture inside them. */
const PROSE = DOC.replace(/```[\s\S]*?```/g, '');
const PICTURE = [...DOC.matchAll(/```[\s\S]*?```/g)].map((m) => m[0]).join('\n');
const SPANS = [...PROSE.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
const isRepoPath = (span: string) => TOPS.some((top) => span.startsWith(`${top}/`));
const FILE_NAME = new RegExp(`^[\\w.<>*{},-]+(/[\\w.<>*{},-]+)*\\.(${EXTENSIONS})$`);

/** The rows of the table under `## heading`, each as its cells. */
function rows(heading: string): string[][] {
  const start = DOC.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/architecture.md has a "## ${heading}" section`).toBeGreaterThan(-1);
  const body = DOC.slice(start + 1).split(/\n## /)[0]!;
  return body
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) => line.split('|').slice(1, -1));
}
/** The first cell's backticked paths matching `re`, by its first group. */
const firstCells = (heading: string, re: RegExp) =>
  rows(heading).flatMap((cells) => [...(cells[0] ?? '').matchAll(re)].map((m) => m[1]!));

describe('docs/architecture.md', () => {
  test('every repository path it writes in backticks exists', () => {
    const missing = SPANS.filter(isRepoPath).filter(
      (span) => !exists(patternOf(span.replace(/\/$/, '')) + '/?'),
    );
    expect(missing).toEqual([]);
  });

  test('every file name it writes in backticks is a file of the repository', () => {
    const names = SPANS.filter((span) => !isRepoPath(span) && FILE_NAME.test(span));
    const missing = names.filter((n) => !ROOT_FILES.includes(n) && !exists(`(.*/)?${patternOf(n)}`));
    expect(names.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  test('every path in its picture exists', () => {
    const paths = [...PICTURE.matchAll(new RegExp(`\\b(?:${TOPS.join('|')})/[\\w./<>*-]*`, 'g'))];
    const missing = paths.map((m) => m[0]).filter((p) => !exists(patternOf(p.replace(/\/$/, '')) + '/?'));
    expect(paths.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  test('it names every folder of lib/ and of lib/background/', () => {
    const expected = [
      ...folders('lib').map((f) => `lib/${f}/`),
      ...folders('lib/background').map((f) => `lib/background/${f}/`),
    ];
    expect(expected.filter((f) => !SPANS.includes(f))).toEqual([]);
  });

  test('its background areas are the folders of lib/background/, shared code apart', () => {
    const areas = firstCells('The background areas', /`lib\/background\/([\w-]+)\/`/g);
    const expected = folders('lib/background').filter((f) => f !== 'shared');
    expect([...areas].sort()).toEqual(expected.sort());
  });

  test('it names every handler map, and every background module the service worker starts', () => {
    const maps = walk('lib/background').filter((p) => p.endsWith('-handlers.ts'));
    const entry = readFileSync(join(ROOT, 'entrypoints/background.ts'), 'utf8');
    const started = [...entry.matchAll(/from '\.\.\/(lib\/background\/[\w/-]+)'/g)].map((m) => `${m[1]}.ts`);
    const named = (path: string) => SPANS.some((s) => s === path || path.endsWith(`/${s}`));
    expect(maps.length).toBeGreaterThan(0);
    expect([...maps, ...started].filter((p) => !named(p))).toEqual([]);
  });

  test('its receivers are the files of lib/messaging/ that define a protocol map', () => {
    const receivers = firstCells('The receivers', /`(lib\/messaging\/[\w-]+\.ts)`/g);
    const maps = walk('lib/messaging')
      .filter((p) => p.endsWith('.ts') && !p.endsWith('.test.ts'))
      .filter((p) => /satisfies (Protocol|Requests)\b/.test(readFileSync(join(ROOT, p), 'utf8')));
    expect(maps.length).toBeGreaterThan(0);
    expect([...receivers].sort()).toEqual(maps.sort());
  });
});
