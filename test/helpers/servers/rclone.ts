// `rclone serve webdav` as a second, different WebDAV server (#15): Go's x/net/webdav, which ignores If-Match.
// Port 0: rclone prints the address it got.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasBinary, startChild, stopChild, waitUntil, type Running } from './process';

export const RCLONE = '/usr/bin/rclone';
export const hasRclone = () => hasBinary(RCLONE);

export async function startRclone(user: string, password: string): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-rclone-'));
  const args = ['serve', 'webdav', dir, '--addr', '127.0.0.1:0', '--user', user, '--pass', password];
  const { child, output } = startChild(RCLONE, [...args, '--config', '/dev/null']);
  let url = '';
  try {
    await waitUntil(
      child,
      async () => {
        url = /started on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output())?.[1] ?? '';
        return url !== '';
      },
      output,
    );
  } catch (e) {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url,
    dir,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
