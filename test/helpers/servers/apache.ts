// Apache httpd with mod_dav as a real WebDAV server for the sync tests (#15): its own config, folder and port in a
// temp folder, in the foreground (-DFOREGROUND: -X serves one connection at a time, and fetch keeps connections
// alive), stopped by its parent's PID. As root its workers run as www-data, which owns the temp folder.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, hasBinary, startChild, stopChild, waitUntil, type Running } from './process';

export const APACHE = '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

export const hasApache = () => hasBinary(APACHE) && hasBinary(`${MODULES}/mod_dav_fs.so`);

export interface ApacheOptions {
  user: string;
  password: string;
}

function config(dir: string, port: number): string {
  const mods = [
    'mpm_prefork',
    'authz_core',
    'authn_core',
    'authn_file',
    'auth_basic',
    'authz_user',
    'dav',
    'dav_fs',
  ];
  const asRoot = process.getuid?.() === 0;
  return [
    `ServerRoot "${dir}"`,
    `ServerName 127.0.0.1`,
    `PidFile "${dir}/httpd.pid"`,
    `Listen 127.0.0.1:${port}`,
    ...mods.map((m) => `LoadModule ${m}_module ${MODULES}/mod_${m}.so`),
    ...(asRoot ? ['User www-data', 'Group www-data'] : []),
    `ErrorLog "${dir}/error.log"`,
    `LogLevel warn`,
    `StartServers 2`,
    `MinSpareServers 1`,
    `MaxSpareServers 4`,
    `MaxRequestWorkers 8`,
    `DavLockDB "${dir}/lock/DavLock"`,
    `DocumentRoot "${dir}/www"`,
    `<Directory "${dir}/www">`,
    `  Dav On`,
    `  DavDepthInfinity Off`, // Apache's default, spelled out: Engram lists with Depth: 1 only
    `  AuthType Basic`,
    `  AuthName "engram-test"`,
    `  AuthUserFile "${dir}/htpasswd"`,
    `  Require valid-user`,
    `</Directory>`,
  ].join('\n');
}

async function tryStart(dir: string): Promise<Running> {
  const port = await freePort();
  writeFileSync(join(dir, 'httpd.conf'), config(dir, port));
  const { child, output } = startChild(APACHE, ['-DFOREGROUND', '-f', join(dir, 'httpd.conf')]);
  const url = `http://127.0.0.1:${port}/`;
  const log = () => output() + readErrorLog(dir);
  await waitUntil(child, async () => (await fetch(url, { method: 'OPTIONS' })).status > 0, log);
  return { url, dir: join(dir, 'www'), stop: async () => stopChild(child) };
}

function readErrorLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

/** Starts Apache; retries on another port when the one it was handed was taken in between. */
export async function startApache(o: ApacheOptions): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-apache-'));
  for (const sub of ['www', 'lock']) mkdirSync(join(dir, sub));
  const sha = createHash('sha1').update(o.password).digest('base64');
  writeFileSync(join(dir, 'htpasswd'), `${o.user}:{SHA}${sha}\n`);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'www-data'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'www-data'], { encoding: 'utf8' }));
    for (const sub of ['www', 'lock']) chownSync(join(dir, sub), uid, gid);
    chmodSync(dir, 0o755); // mkdtemp makes it 0700: www-data could not reach www/
  }
  let last: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const running = await tryStart(dir);
      return {
        ...running,
        stop: async () => {
          await running.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (e) {
      last = e;
      if (!String(e).includes('Address already in use')) break;
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw last;
}
