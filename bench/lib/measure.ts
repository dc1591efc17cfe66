// What a timing figure needs beside it to be read on another day or machine (#39): the machine's load while it
// was taken, a fixed piece of work timed in the same moment (so a figure can be read as a multiple of it), the
// spread of repeated runs, and the same arm under a known extra load (stress-ng beside the bench).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export interface Spread {
  median: number;
  /** The middle half of the runs. */
  p25: number;
  p75: number;
  min: number;
  max: number;
  p95: number;
  runs: number;
}

const at = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? NaN;

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function spread(samples: readonly number[]): Spread {
  const s = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => round2(at(s, q));
  return {
    median: pick(0.5),
    p25: pick(0.25),
    p75: pick(0.75),
    min: pick(0),
    max: pick(1),
    p95: pick(0.95),
    runs: s.length,
  };
}

export const median = (samples: readonly number[]) =>
  at(
    [...samples].sort((a, b) => a - b),
    0.5,
  );

/** "4.1 ms (3.9–4.4, 7 runs)": the median and the middle half. */
export const say = (s: Spread, unit = 'ms') =>
  `${s.median} ${unit} (middle half ${s.p25}–${s.p75}, ${s.runs} runs)`;

/** How busy the machine is: load averages, and the share of time some task waited for a CPU (Linux PSI). */
export function machineLoad(): { load1: number; load5: number; cpuWaiting10s: number | null } {
  const [load1 = 0, load5 = 0] = loadavg();
  let waiting: number | null = null;
  try {
    const psi = readFileSync('/proc/pressure/cpu', 'utf8');
    const m = /some avg10=([\d.]+)/.exec(psi);
    waiting = m ? Number(m[1]) : null;
  } catch {
    // no PSI (another OS, or a kernel without it): the load averages still say something
  }
  return { load1: round2(load1), load5: round2(load5), cpuWaiting10s: waiting };
}

export const describeLoad = (l: ReturnType<typeof machineLoad>) =>
  `load ${l.load1} (5 min ${l.load5})${l.cpuWaiting10s === null ? '' : `, a task waited for a CPU ${l.cpuWaiting10s}% of the last 10 s`}`;

export function machine() {
  const list = cpus();
  return { cpu: list[0]?.model ?? 'unknown', cores: list.length, node: process.version };
}

/**
 * A fixed piece of plain JavaScript, the same in every version of Engram (sorting, string work, JSON, Maps: what
 * ranking does), so a figure can be read as a multiple of it. ~10 ms on an idle 2-core Xeon (2026-12).
 */
export function calibrationWork(): number {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = Array.from({ length: 4000 }, (_, i) => `w${Math.floor(rand() * 5000)}x${i % 13}`);
  const counts = new Map<string, number>();
  for (let r = 0; r < 6; r++) for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const rows = words.map((w, i) => ({ id: i, w, n: counts.get(w) ?? 0, s: rand() }));
  const copy = JSON.parse(JSON.stringify(rows)) as typeof rows;
  copy.sort((a, b) => a.s - b.s || a.id - b.id);
  return copy.reduce((n, r) => n + r.w.split('x').length + r.n, 0);
}

/** Wall-clock ms of `work`, and the CPU ms this process spent meanwhile (other threads, such as GC, included). */
export function timed(work: () => unknown): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  work();
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/** The calibration work timed `times` times (after one unmeasured run): its median is the unit of a figure. */
export function calibrate(times = 7): { wall: Spread; cpu: Spread } {
  calibrationWork();
  const runs = Array.from({ length: times }, () => timed(calibrationWork));
  return { wall: spread(runs.map((r) => r.wall)), cpu: spread(runs.map((r) => r.cpu)) };
}

/**
 * Starts `stress-ng --cpu n` beside the bench (the issue's "under load"); returns its stop, or null with the
 * reason when stress-ng is missing (`apt-get install stress-ng`).
 */
export function startStress(n: number): { stop: () => void } | { missing: string } {
  const found = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) return { missing: 'stress-ng is not installed' };
  const child = spawn('stress-ng', ['--cpu', String(n), '--quiet'], { stdio: 'ignore' });
  return { stop: () => child.kill('SIGTERM') };
}
