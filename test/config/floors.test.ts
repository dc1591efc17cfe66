// The floors (#38) are rules only if each one can fail: a rule whose pattern matched no file would pass forever.
// So a climb is planted on every floor, in a small tree of the same folders, and cruised with the real rules; and
// the list itself is held to the tree (every folder has a floor) and to docs/architecture.md's table.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, expect, test } from 'vitest';
// @ts-expect-error -- the lint's own configuration, a plain .mjs without types.
import rules, { FLOORS as floors } from '../../.dependency-cruiser.mjs';

const FLOORS = floors as { folders: string[]; why: string }[];
const config = rules as { forbidden: IForbiddenRuleType[] };

const TOP_FILES = 'lib/[^/]+$';
/** A file planted in a folder of the list: `lib/model/` → lib/model/planted.ts, lib/'s top → lib/planted.ts. */
const planted = (folder: string) => (folder === TOP_FILES ? 'lib/planted.ts' : `${folder}planted.ts`);
const named = (folder: string) => (folder === TOP_FILES ? 'lib/*.ts' : folder);

const tree = mkdtempSync(join(tmpdir(), 'engram-floors-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Writes `from` importing each of `to` (relative imports, as the code's own). */
function plant(from: string, to: string[]): void {
  const path = join(tree, from);
  mkdirSync(dirname(path), { recursive: true });
  const lines = to.map((t, i) => {
    const spec = relative(dirname(path), join(tree, t)).replace(/\.ts$/, '');
    return `import { x as x${i} } from '${spec.startsWith('.') ? spec : `./${spec}`}';`;
  });
  writeFileSync(path, `${lines.join('\n')}\nexport const x = 1;\n`);
}

async function violations(): Promise<string[]> {
  const ruleSet = structuredClone({ forbidden: config.forbidden });
  const result = await cruise(['.'], { validate: true, ruleSet, baseDir: tree, tsPreCompilationDeps: true });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

test('each floor’s rule catches every folder on it climbing a floor, or importing its neighbour', async () => {
  const own = (folder: string) => planted(folder).replace('planted', 'own');
  const ground = own(FLOORS[0]!.folders[0]!);
  const expected: string[] = [];
  FLOORS.forEach((floor, i) => {
    const above = FLOORS[i + 1]?.folders[0];
    floor.folders.forEach((folder, j) => {
      // Down to the ground, within its own folder (each file at lib/'s top is one), and (tests) anywhere: none of
      // these may be caught. The files imported are leaves, so no cycle is planted.
      const allowed = [...(i > 0 ? [ground] : []), ...(folder === TOP_FILES ? [] : [own(folder)])];
      const caught = [...(above ? [planted(above)] : [])];
      const neighbour = floor.folders[j + 1];
      if (j === 0 && neighbour) caught.push(planted(neighbour));
      plant(own(folder), []);
      plant(planted(folder), [...allowed, ...caught]);
      plant(planted(folder).replace('.ts', '.test.ts'), [planted('entrypoints/')]);
      for (const to of caught) expected.push(`floor-${i + 1}: ${planted(folder)} → ${to}`);
    });
  });
  // engram-mcp takes the schemas and lib/agents, and nothing else.
  plant('mcp/src/planted.ts', [planted('lib/model/'), planted('lib/agents/'), planted('lib/sites/')]);
  expected.push('mcp-wire-only: mcp/src/planted.ts → lib/sites/planted.ts');

  expect(await violations()).toEqual(expected.sort());
  // Every rule caught something: none can match nothing. The top floor has none (nothing stands above it).
  const rules = config.forbidden.map((r) => r.name).filter((n) => n !== 'no-cycle');
  expect(new Set(expected.map((v) => v.split(':')[0]))).toEqual(new Set(rules));
  expect(rules).toHaveLength(FLOORS.length);
}, 30_000);

test('every folder of lib/ and every file at its top, prompts/, components/ and entrypoints/ stand on a floor', () => {
  const listed = FLOORS.flatMap((f) => f.folders);
  expect(new Set(listed).size).toBe(listed.length);
  const lib = readdirSync('lib', { withFileTypes: true });
  const expected = [
    ...lib.filter((d) => d.isDirectory()).map((d) => `lib/${d.name}/`),
    ...(lib.some((d) => d.isFile() && d.name.endsWith('.ts')) ? [TOP_FILES] : []),
    'prompts/',
    'components/',
    'entrypoints/',
  ];
  expect([...listed].sort()).toEqual(expected.sort());
});

test('docs/architecture.md’s floor table is the rules’ list, floor by floor', () => {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const rows = [...doc.matchAll(/^\| (\d+)[^|]*\| ([^|]+)\|/gm)].map((m) => ({
    floor: Number(m[1]),
    folders: [...(m[2] ?? '').matchAll(/`([^`]+)`/g)].map((f) => f[1]),
  }));
  expect(rows).toEqual(FLOORS.map((f, i) => ({ floor: i + 1, folders: f.folders.map(named) })));
});
