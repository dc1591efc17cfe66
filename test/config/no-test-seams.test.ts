// No `*ForTests` exports (#38): about ten of them (reset the database, switch it, set the sync backend, forget the
// org) let tests reach into module state that should have been passed in. They are gone: a test gives a service its
// deps, a function its parameters, or uses the store's own lifecycle (lib/store/db.ts switchDb, deleteDb). This keeps
// them from coming back in lib/ or entrypoints/; tests themselves may name what they like.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(__dirname, '../..');
const SKIP = new Set(['node_modules', '.output', '.wxt']);

/** The product's source files under `dir`, tests apart. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name))
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
}

/** The names this text exports that end in ForTests: declared exported, or in an export list. */
function seamsIn(text: string): string[] {
  const declared =
    /\bexport\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+(\w*ForTests)\b/g;
  const listed = /\bexport\s*(?:type\s*)?\{([^}]*)\}/g;
  return [
    ...[...text.matchAll(declared)].map((m) => m[1]!),
    ...[...text.matchAll(listed)].flatMap((m) => [...m[1]!.matchAll(/\b(\w*ForTests)\b/g)].map((n) => n[1]!)),
  ];
}

describe('no *ForTests export', () => {
  test('the check sees each way of exporting one, and nothing else', () => {
    expect(seamsIn('export function resetDbForTests(): void {}')).toEqual(['resetDbForTests']);
    expect(seamsIn('export async function resetForTests() {}')).toEqual(['resetForTests']);
    expect(seamsIn('export const setSyncForTests = (x) => x;')).toEqual(['setSyncForTests']);
    expect(seamsIn('const a = 1;\nexport { a, a as aForTests };')).toEqual(['aForTests']);
    expect(seamsIn('// the old resetDbForTests is gone\nexport function deleteDb() {}')).toEqual([]);
  });

  test('lib/ and entrypoints/ export none', () => {
    const files = [...sources('lib'), ...sources('entrypoints')];
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((f) => seamsIn(readFileSync(join(ROOT, f), 'utf8')).map((n) => `${f}: ${n}`));
    expect(found).toEqual([]);
  });
});
