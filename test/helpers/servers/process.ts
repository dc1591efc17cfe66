// Shared by the test servers: a free localhost port, a child process stopped by its own PID (never by name: other
// engineers' servers run on this machine), and waiting for a line in its output.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createServer } from 'node:net';

export interface Running {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

export function hasBinary(path: string): boolean {
  return existsSync(path);
}

/** A port the OS just handed out. Apache cannot listen on 0 and report, so callers retry on a bind failure. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export function startChild(cmd: string, args: string[]): { child: ChildProcess; output: () => string } {
  // Own process group: Apache's parent signals its whole group when it stops, which took the test runner with it.
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

/** Stops one process we started, by its PID, and waits until it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Polls `ready` until it is true, the child exits, or 15 s pass. */
export async function waitUntil(
  child: ChildProcess,
  ready: () => Promise<boolean>,
  why: () => string,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}): ${why()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not ready after 15 s: ${why()}`);
}

/** Every file a server holds under `dir`, read from its disk: what the storage provider itself could see. */
export function filesOnDisk(dir: string): { path: string; full: string; size: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((p) => join(dir, p))
    .filter((full) => statSync(full).isFile())
    .map((full) => ({ path: relative(dir, full), full, size: statSync(full).size }));
}
