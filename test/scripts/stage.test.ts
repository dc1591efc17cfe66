// The test runner's stages (#33): when a stage's limit expires, no process of it is left running — not the
// command, not what it started, not what left its process group (Playwright starts browsers in their own group).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the runner, without types.
import { runStage } from '../../scripts/stage.mjs';

interface Result {
  status: number | null;
  timedOut: boolean;
  ms: number;
}
const stage = runStage as (
  label: string,
  cmd: string,
  args: string[],
  opts: { limitMs: number; stdio?: 'ignore'; graceMs?: number },
) => Promise<Result>;

/** Alive: listed in /proc and not a zombie waiting for init to reap it. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A node program that starts a child in its group and one in a group of its own, writes their pids, then waits. */
function spawner(pidFile: string, exitAfterMs?: number): string[] {
  const program = `
    const { spawn } = require('node:child_process');
    const inGroup = spawn('sleep', ['60'], { stdio: 'ignore' });
    const ownGroup = spawn('sleep', ['60'], { stdio: 'ignore', detached: true });
    ownGroup.unref();
    require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, JSON.stringify([process.pid, inGroup.pid, ownGroup.pid]));
    ${exitAfterMs === undefined ? 'setInterval(() => {}, 1000);' : `setTimeout(() => process.exit(0), ${exitAfterMs});`}
  `;
  return ['-e', program];
}

const pidsIn = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as number[];

describe.skipIf(process.platform !== 'linux')('a stage of npm test', () => {
  test('past its limit, the command and every process it started are stopped, and the result says so', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stage-')), 'pids.json');
    const r = await stage('hung', process.execPath, spawner(file), {
      limitMs: 1_500,
      stdio: 'ignore',
      graceMs: 200,
    });
    expect(r.timedOut).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(1_500);
    const pids = pidsIn(file);
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
  });

  test('a stage that ends in time keeps its exit status, and what it left running goes with it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stage-')), 'pids.json');
    const r = await stage('quick', process.execPath, spawner(file, 300), {
      limitMs: 60_000,
      stdio: 'ignore',
    });
    expect(r).toMatchObject({ status: 0, timedOut: false });
    for (const pid of pidsIn(file)) expect(alive(pid), `pid ${pid}`).toBe(false);
  });

  test('an exit status other than 0 is passed on', async () => {
    const r = await stage('failing', process.execPath, ['-e', 'process.exit(3)'], {
      limitMs: 60_000,
      stdio: 'ignore',
    });
    expect(r).toMatchObject({ status: 3, timedOut: false });
  });
});
