// What a vitest JSON report says failed, one line per test, for the end of `npm test`'s summary: CI shows only the
// log's tail, and a landing run that said "1 failed" without its name cost a whole stop to find (stop 41).

/** "label  file > test name: first line of its error" per failed test; a file that broke before its tests ran
 * (a failed beforeAll, an import error) is one line with the file's own message. */
export function failedNames(label, files, root) {
  const names = [];
  for (const f of files) {
    const file = f.name.startsWith(`${root}/`) ? f.name.slice(root.length + 1) : f.name;
    const bad = f.assertionResults.filter((a) => a.status === 'failed');
    if (brokeBeforeTests(f)) names.push(`${label}  ${file}: ${firstLine(f.message)}`);
    for (const a of bad)
      names.push(`${label}  ${file} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
  return names;
}

/**
 * A file whose beforeAll failed (or that failed to import) reports its tests as skipped, not failed: it counts as
 * one failure, or the summary reads "0 failed" for a broken suite (semantic.e2e, 2026-11-29).
 */
export const brokeBeforeTests = (f) =>
  f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed');

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}
