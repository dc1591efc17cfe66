// `npm test`: lint, unit tests, Chrome build, e2e in Chromium, Firefox build + web-ext lint, e2e in Firefox.
// Prints one summary line per suite, each stage's time, and a final "N passed, N failed, N skipped" line (read by CI).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { brokeBeforeTests, failedNames } from './report.mjs';
import { minutes, runStage } from './stage.mjs';

mkdirSync('.test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const times = [];
// The failed tests' names, printed last: CI shows only the log's tail, and a landing run that said "1 failed"
// without its name cost a whole stop to find (stop 41, 2026-12-07).
const failures = [];
let broken = false;

// Each stage's limit (#33), from its time on this project's 2-core machine (README, "How long the tests take"):
// unit 5 min on an idle CI machine and 15 min not enough at load ~10 (1,850 tests in one worker, vitest's default
// on 2 cores), e2e 13.5 min idle, Firefox 2.7 min idle. A slow machine passes and a hung stage (a circular vi.mock
// import once hung silently, #6) fails with its name; their sum (88 min) stays under CI's 90, so the summary is
// always printed.
const MIN = 60_000;
const LIMITS = {
  prepare: 3 * MIN,
  lint: 8 * MIN,
  unit: 20 * MIN,
  'mcp build': 2 * MIN,
  build: 4 * MIN,
  e2e: 35 * MIN,
  'firefox build': 4 * MIN,
  firefox: 12 * MIN,
};

async function run(label, cmd, args) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const limitMs = LIMITS[label];
  const r = await runStage(label, cmd, args, { limitMs });
  times.push({ label, ms: r.ms, timedOut: r.timedOut });
  if (r.timedOut) {
    console.error(
      `== ${label} RAN OUT OF TIME: its limit is ${minutes(limitMs)} and it ran ${minutes(r.ms)}; every process of it was stopped`,
    );
  } else if (r.status !== 0) {
    console.error(
      `== ${label} FAILED (${r.error ? r.error.message : `exit ${r.status}`}) after ${minutes(r.ms)}`,
    );
  }
  const ok = r.status === 0 && !r.timedOut;
  if (!ok) broken = true;
  return ok;
}

async function vitest(label, config) {
  const out = `.test-results/${label}.json`;
  // A suite killed at its limit writes no report: without this, the last run's file was read as this run's
  // ("unit: 505 passed" after a unit suite that timed out, 2026-12-01).
  rmSync(out, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  const ok = await run(label, 'npx', config ? [...args, '--config', config] : args);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    const skipped = r.numPendingTests + r.numTodoTests;
    const broke = r.testResults.filter(brokeBeforeTests).length;
    const failed = r.numFailedTests + broke;
    failures.push(...failedNames(label, r.testResults, process.cwd()));
    // Vitest fails a run for an error no test owns (a rejection after a file's last test, 2026-12-07).
    if (!ok && failed === 0)
      failures.push(`${label}  no test failed, but the run did: see "Unhandled Errors" above`);
    console.log(`${label}: ${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
    totals.passed += r.numPassedTests;
    totals.failed += failed;
    totals.skipped += skipped;
  } catch {
    console.error(`${label}: no results (the runner did not finish)`);
    broken = true;
  }
}

await run('prepare', 'npx', ['wxt', 'prepare']);
await run('lint', 'npm', ['run', 'lint']);
await vitest('unit');
// engram-mcp (#27), which the Desktop apps e2e starts as an agent would (npm install builds it too).
const mcp = await run('mcp build', 'npm', ['run', 'build:mcp']);
if ((await run('build', 'npx', ['wxt', 'build'])) && mcp) await vitest('e2e', 'vitest.e2e.config.ts');
// Firefox in every run (#14): Debian's firefox-esr over WebDriver BiDi, after web-ext lint of the same build.
if (await run('firefox build', 'npm', ['run', 'lint:firefox']))
  await vitest('firefox', 'vitest.firefox.config.ts');

console.log('\nstage times:');
for (const t of times)
  console.log(
    `  ${t.label.padEnd(14)} ${minutes(t.ms)}${t.timedOut ? `  (ran out of its ${minutes(LIMITS[t.label])})` : ''}`,
  );
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
