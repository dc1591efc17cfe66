// `npm test`: lint, unit tests, Chrome build, e2e in Chromium, Firefox build + web-ext lint, e2e in Firefox.
// Prints one summary line per suite and a final "N passed, N failed, N skipped" line (read by CI).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

// A hung suite must fail, not eat CI's 90 minutes: a circular vi.mock import once hung silently (#6 merge).
const LIMIT_MS = 25 * 60_000;

function run(label, cmd, args, limitMs = LIMIT_MS) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: process.env,
    timeout: limitMs,
    killSignal: 'SIGKILL',
  });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit ${result.status}`;
    console.error(`== ${label} FAILED (${why})`);
    broken = true;
  }
  return result.status === 0;
}

// The unit suite takes 1–3 minutes; one that hangs at import (a mock importing itself, 2026-12-01) must not
// cost CI 25 of them before it says so.
const UNIT_LIMIT_MS = 10 * 60_000;

function vitest(label, config, limitMs) {
  const out = `.test-results/${label}.json`;
  // A suite killed at its limit writes no report: without this, the last run's file was read as this run's
  // ("unit: 505 passed" after a unit suite that timed out, 2026-12-01).
  rmSync(out, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  run(label, 'npx', config ? [...args, '--config', config] : args, limitMs);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    const skipped = r.numPendingTests + r.numTodoTests;
    // A file whose beforeAll failed reports its tests as skipped, not failed: count the file as one failure,
    // or the summary reads "0 failed" for a broken suite (semantic.e2e, 2026-11-29).
    const broke = r.testResults.filter(
      (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
    ).length;
    const failed = r.numFailedTests + broke;
    console.log(`${label}: ${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
    totals.passed += r.numPassedTests;
    totals.failed += failed;
    totals.skipped += skipped;
  } catch {
    console.error(`${label}: no results (the runner did not finish)`);
    broken = true;
  }
}

run('prepare', 'npx', ['wxt', 'prepare']);
run('lint', 'npm', ['run', 'lint']);
vitest('unit', undefined, UNIT_LIMIT_MS);
// engram-mcp (#27), which the Desktop apps e2e starts as an agent would (npm install builds it too).
const mcp = run('mcp build', 'npm', ['run', 'build:mcp']);
if (run('build', 'npx', ['wxt', 'build']) && mcp) vitest('e2e', 'vitest.e2e.config.ts');
// Firefox in every run (#14): Debian's firefox-esr over WebDriver BiDi, after web-ext lint of the same build.
if (run('firefox build', 'npm', ['run', 'lint:firefox'])) vitest('firefox', 'vitest.firefox.config.ts');

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
