// `npm run test:e2e:repeat -- N`: builds once, runs the e2e suite N times and prints, after each run and in a
// final table, which tests failed how often (#12: a test that fails 1 run in 20 breaks CI).
// Extra arguments after N are passed to vitest (e.g. a file: `-- 5 test/e2e/insert.e2e.ts`).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { minutes, runStage } from './stage.mjs';

const [countArg = '5', ...vitestArgs] = process.argv.slice(2);
const runs = Number(countArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`usage: npm run test:e2e:repeat -- N [vitest args]   (N >= 1, got "${countArg}")`);
  process.exit(2);
}

const LIMIT_MS = 25 * 60_000;
mkdirSync('.test-results', { recursive: true });

/** A command as a stage (scripts/stage.mjs): its own process group, and past LIMIT_MS every process of it stops. */
async function sh(cmd, args) {
  const r = await runStage('e2e-repeat', cmd, args, { limitMs: LIMIT_MS });
  if (r.timedOut) console.log(`== killed after ${minutes(r.ms)} (limit ${minutes(LIMIT_MS)})`);
  return { status: r.timedOut ? null : r.status };
}

/** Test name -> outcome for one run; a file that broke before its tests ran counts as one failure. */
function outcomes(file) {
  const out = new Map();
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    out.set('(the runner did not finish)', 'failed');
    return out;
  }
  for (const f of report.testResults) {
    const name = relative(process.cwd(), f.name);
    for (const a of f.assertionResults) out.set(`${name} > ${a.fullName}`, a.status);
    if (f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'))
      out.set(`${name} > (file: ${(f.message ?? 'failed').split('\n')[0].slice(0, 80)})`, 'failed');
  }
  return out;
}

if ((await sh('npx', ['wxt', 'build'])).status !== 0) process.exit(1);

const failures = new Map();
const seen = new Set();
const started = Date.now();
let greenRuns = 0;
for (let i = 1; i <= runs; i++) {
  const file = `.test-results/e2e-repeat-${i}.json`;
  rmSync(file, { force: true });
  console.log(`\n== e2e run ${i}/${runs}`);
  const t0 = Date.now();
  const { status: exit } = await sh('npx', [
    'vitest',
    'run',
    '--config',
    'vitest.e2e.config.ts',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile=${file}`,
    ...vitestArgs,
  ]);
  const failed = [];
  const results = outcomes(file);
  // A run that found no tests, or that vitest failed without a failing test, is not green: on 2026-12-02 a
  // detached run printed "No test files found" ten times and this script called all ten runs green.
  if (results.size === 0) results.set('(the run found no tests)', 'failed');
  else if (exit !== 0 && ![...results.values()].includes('failed'))
    results.set(`(vitest exited with status ${exit})`, 'failed');
  for (const [name, status] of results) {
    seen.add(name);
    if (status !== 'failed') continue;
    failed.push(name);
    failures.set(name, (failures.get(name) ?? 0) + 1);
  }
  if (failed.length === 0) greenRuns++;
  const secs = Math.round((Date.now() - t0) / 1000);
  console.log(`== run ${i}/${runs}: ${failed.length} failed (${secs} s)`);
  for (const name of failed) console.log(`   FAIL ${name}`);
}

console.log(
  `\n== e2e repeat: ${greenRuns}/${runs} runs green, ${seen.size} tests, ${minutes(Date.now() - started)}`,
);
if (failures.size === 0) console.log('no test failed');
else {
  console.log('failures  test');
  const rows = [...failures].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [name, n] of rows) console.log(`${`${n}/${runs}`.padStart(8)}  ${name}`);
}
process.exit(failures.size === 0 ? 0 : 1);
