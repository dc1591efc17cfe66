// The three storage servers the sync tests run against, behind one list for describe.each.
import type { Backend } from '../../../lib/sync/backend';
import { s3Backend } from '../../../lib/sync/s3';
import { webdavBackend } from '../../../lib/sync/webdav';
import { hasApache, startApache } from './apache';
import type { Running } from './process';
import { hasRclone, startRclone } from './rclone';
import { S3_KEY, S3_SECRET, startS3 } from './s3';

export interface Server {
  name: string;
  /** Why it cannot run on this machine, or null. CI installs every binary (.ci/run). */
  missing: string | null;
  start(): Promise<Running>;
  /** A backend for a folder on the running server. */
  backend(running: Running, folder: string): Backend;
}

const USER = 'engram';
const PASSWORD = 'test-password';

const dav = (r: Running, folder: string) =>
  webdavBackend({ url: `${r.url}${folder}`, username: USER, password: PASSWORD });

export const SERVERS: Server[] = [
  {
    name: 'apache',
    missing: hasApache() ? null : 'apache2 with mod_dav_fs is not installed (apt-get install apache2)',
    start: () => startApache({ user: USER, password: PASSWORD }),
    backend: dav,
  },
  {
    name: 'rclone',
    missing: hasRclone() ? null : 'rclone is not installed (apt-get install rclone)',
    start: () => startRclone(USER, PASSWORD),
    backend: dav,
  },
  {
    name: 's3 emulator (s3rver)',
    missing: null,
    start: () => startS3('engram'),
    backend: (r, folder) =>
      s3Backend({
        endpoint: r.url,
        bucket: 'engram',
        prefix: folder,
        region: 'us-east-1',
        accessKeyId: S3_KEY,
        secretAccessKey: S3_SECRET,
      }),
  },
];

/** Apache as a person installs it: DavDepthInfinity Off, so listing must work with Depth: 1. */
export function startApacheServer(): Promise<Running> {
  return startApache({ user: USER, password: PASSWORD });
}

export { dav as apacheBackend };
