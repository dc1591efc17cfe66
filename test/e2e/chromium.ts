import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, then Debian's chromium, then google-chrome on PATH; otherwise a one-line install hint. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    return execFileSync('which', ['google-chrome'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('No Chromium found: run `sudo apt-get install -y chromium` or set CHROMIUM_PATH.');
  }
}
