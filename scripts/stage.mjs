// One stage of a test run (#33): a command in its own process group with a time limit. On expiry every process of
// the stage goes, not only the first: spawnSync's timeout killed `npx` and left the vitest beneath it running
// through the next stages, two suites on two cores (CI, 2026-12-03). Processes that leave the group (Playwright
// starts Chromium in a group of its own) are found by a mark in their environment, which children inherit.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** How long a stage's processes get to close their browsers after SIGTERM before SIGKILL. */
const GRACE_MS = 5_000;

/** Pids whose environment carries `mark` (Linux /proc; elsewhere none are found and the group kill is all). */
export function markedPids(mark) {
  const found = [];
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(mark))
        found.push(Number(entry));
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

/** Waits (up to 5 s) until no process carries the mark; a killed process takes a moment to go. */
async function gone(mark) {
  for (let i = 0; i < 100 && markedPids(mark).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
}

function signalAll(pid, mark, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is empty.
  }
  for (const p of markedPids(mark)) {
    try {
      process.kill(p, signal);
    } catch {
      // Exited between the listing and the signal.
    }
  }
}

/**
 * Runs `cmd args` as a stage; resolves with its exit status, how long it ran and whether it ran out of time.
 * `limitMs` is the stage's limit; at expiry the stage's processes get SIGTERM, then SIGKILL after a grace period.
 */
export function runStage(
  label,
  cmd,
  args,
  { limitMs, stdio = 'inherit', env = process.env, graceMs = GRACE_MS } = {},
) {
  const mark = `ENGRAM_STAGE=${label.replace(/\W+/g, '-')}-${process.pid}-${Date.now()}`;
  const [key, value] = [mark.slice(0, mark.indexOf('=')), mark.slice(mark.indexOf('=') + 1)];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio, env: { ...env, [key]: value }, detached: true });
    let timedOut = false;
    let grace;
    const timer = setTimeout(() => {
      timedOut = true;
      signalAll(child.pid, mark, 'SIGTERM');
      grace = setTimeout(() => signalAll(child.pid, mark, 'SIGKILL'), graceMs);
    }, limitMs);
    const finish = (status, error) => {
      clearTimeout(timer);
      const end = async () => {
        clearTimeout(grace);
        // Whatever outlived the stage's first process (a worker, a browser) goes with it, limit or not, and the
        // next stage starts only once it is gone.
        signalAll(child.pid, mark, 'SIGKILL');
        await gone(mark);
        resolve({ status, error, timedOut, ms: Date.now() - started });
      };
      // After a SIGTERM at expiry, give the stage's processes their grace before the last sweep.
      if (timedOut && grace) setTimeout(() => void end(), graceMs);
      else void end();
    };
    child.on('error', (error) => finish(null, error));
    child.on('exit', (status) => finish(status, undefined));
  });
}

/** "4 min 05 s" for a stage's time in the summary. */
export function minutes(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
