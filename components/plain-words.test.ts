// Every string the UI can show, read from the source of components/ and the English catalogue (#16, #37): developer words on screen ("One
// ADD/UPDATE/DELETE/NONE per new fact", "via the page", "HTTP 404 from /api/auth/session", "Priority −1",
// "claude:4b1c…") are refused here, so a new one fails CI instead of reaching a person.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = join(__dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

interface Shown {
  file: string;
  text: string;
}

/** JSX text, string and template literals (not imports, not `key`/`className`/`id` props), and rendered ids. */
function shownStrings(file: string): Shown[] {
  const src = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const out: Shown[] = [];
  const skipAttr = new Set(['key', 'className', 'id', 'htmlFor', 'type', 'href', 'rel', 'target', 'role']);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isJsxAttribute(node) && skipAttr.has(node.name.getText())) return;
    if (ts.isJsxText(node) && node.text.trim()) out.push({ file, text: node.text.trim() });
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      out.push({ file, text: node.text });
    if (ts.isTemplateExpression(node)) out.push({ file, text: node.getText() });
    // An id rendered as it is: `{job.conversationKey}` as a child of an element.
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent))
      out.push({ file, text: `{${node.expression.getText()}}` });
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

const DEVELOPER_WORDS: [RegExp, string][] = [
  // "Type DELETE to erase…" is a word the person types, not an operation name.
  [/\b(?:ADD|UPDATE|NONE)\b|\/DELETE\b|\bDELETE\//, 'operation names'],
  [/\bvia the page\b|\bvia site data\b/, 'capture internals'],
  [/\bHTTP \d{3}\b|(?:^|\s)\/api\//, 'raw HTTP'],
  [/Priority [−-]1/, 'a magic number as the way to a standing rule'],
  [/^\{[\w.]*conversationKey\}$/, 'a conversation key shown as it is'],
  [/\bHealthy\b/, 'a monitoring word'],
  [/^(?!\{)[\s\S]*\b(?:TypeError|undefined|Failed to fetch)\b/, 'a programming word'],
];

/** Prompt descriptions are shown in Options → Model (model/PromptVersions.tsx). */
function promptDescriptions(): Shown[] {
  const dir = join(ROOT, '..', 'prompts');
  return sources(dir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/description:\s*(?:\/\/[^\n]*\n\s*)?'([^']*)'/g)].map((m) => ({
      file,
      text: m[1] ?? '',
    })),
  );
}

/** Every message of the English catalogue (#37): the UI's words live there now, not in components. */
function catalogue(): Shown[] {
  const file = join(ROOT, '..', 'locales', 'en.json');
  const walk = (node: unknown): string[] =>
    typeof node === 'string'
      ? [node]
      : node && typeof node === 'object'
        ? Object.values(node).flatMap(walk)
        : [];
  return walk(JSON.parse(readFileSync(file, 'utf8'))).map((text) => ({ file, text }));
}

const shown = [...sources(ROOT).flatMap(shownStrings), ...catalogue(), ...promptDescriptions()];

test('the scan finds the UI’s strings (a scan that finds nothing proves nothing)', () => {
  expect(shown.length).toBeGreaterThan(400);
  expect(shown.some((s) => s.text === 'Skip setup')).toBe(true);
  expect(shown.filter((s) => s.file.includes('prompts')).length).toBeGreaterThanOrEqual(2);
  expect(shown.filter((s) => s.file.endsWith('en.json')).length).toBeGreaterThan(600);
});

test.each(DEVELOPER_WORDS)('no UI string uses %s (%s)', (pattern) => {
  const found = shown
    .filter((s) => pattern.test(s.text))
    .map((s) => `${s.file.slice(ROOT.length - 10)}: ${s.text}`);
  expect(found).toEqual([]);
});
