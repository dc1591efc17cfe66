// Proof of encryption (#15): after a real sync against Apache, no remote file holds a memory's text, a title or a
// URL, no name says anything, and the files open with Debian's `age` CLI and the identity, without Engram.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { conversation, turn } from '../../helpers/records';
import { startApacheServer } from '../../helpers/servers';
import { hasApache } from '../../helpers/servers/apache';
import { filesOnDisk, type Running } from '../../helpers/servers/process';
import { Device, PASSPHRASE } from '../../helpers/sync';
import { SCRYPT_LOG_N, unwrapIdentity, wrapIdentity } from '../../../lib/sync/crypto';
import { webdavBackend } from '../../../lib/sync/webdav';

const AGE = '/usr/bin/age';
const skip = !hasApache() || !existsSync(AGE);
if (skip) console.warn('encryption proof skipped: needs apache2 and age (apt-get install apache2 age)');

let apache: Running;
let tmp: string;
beforeAll(async () => {
  if (skip) return;
  apache = await startApacheServer();
  tmp = mkdtempSync(join(tmpdir(), 'engram-age-'));
});
afterAll(async () => {
  await apache?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const SECRETS = [
  'Treated for depression by Dr Okafor since May.',
  'Salary negotiation with Initech',
  'https://chatgpt.com/c/6f1e-private-thread',
  'My daughter Zoë starts at Hillside Primary.',
];

describe.skipIf(skip)('encryption at rest on the storage', () => {
  it('no remote file or name holds a memory, title or URL; every file opens with the age CLI', async () => {
    const backend = webdavBackend({
      url: `${apache.url}proof`,
      username: 'engram',
      password: 'test-password',
    });
    const a = new Device('A', backend);
    a.deps.limits = { partBytes: 2_000, snapshotAfterBytes: 1 }; // a snapshot too, in several parts
    await a.connect();
    const m = a.add(SECRETS[0]!);
    const convo = conversation({ key: 'chatgpt:6f1e', id: '6f1e', title: SECRETS[1]!, url: SECRETS[2]! });
    a.store.saveCapture(convo, [
      turn({ key: 'chatgpt:6f1e:t1', conversationKey: 'chatgpt:6f1e', text: SECRETS[3]! }),
    ]);
    a.edit(m.id, `${SECRETS[0]} Weekly sessions.`);
    await a.sync();

    // Read from the server's disk, as the storage provider sees it: every file, whatever the engine lists.
    const files = filesOnDisk(join(apache.dir, 'proof'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const identityFile = join(tmp, 'identity.txt');
    writeFileSync(identityFile, `${a.store.state!.identity}\n`, { mode: 0o600 });
    const names =
      /^(keys\/identity\.age|[a-f0-9]{16}\/(log-[a-f0-9]{16}-\d{8}|snap-[a-z0-9]{9}-[a-f0-9]{16}-(\d{4}|manifest))\.age)$/;
    let plain = '';
    for (const f of files) {
      expect(f.path).toMatch(names);
      for (const word of ['Okafor', 'Initech', 'chatgpt', '6f1e', 'Hillside', m.id])
        expect(f.path).not.toContain(word);
      const bytes = new Uint8Array(readFileSync(f.full));
      const raw = new TextDecoder('latin1').decode(bytes);
      for (const s of [...SECRETS, 'Okafor', 'Initech', 'chatgpt.com', 'Hillside', m.id])
        expect(raw).not.toContain(s);
      expect(raw.startsWith('age-encryption.org/v1\n')).toBe(true);
      if (f.path === 'keys/identity.age') continue;
      const path = join(tmp, 'file.age');
      writeFileSync(path, bytes);
      const out = execFileSync(AGE, ['--decrypt', '-i', identityFile, path]);
      plain += f.path.endsWith('manifest.age') ? out.toString() : gunzipSync(out).toString();
    }
    // Decrypted, the same files hold everything: the CLI really reads Engram's data.
    for (const s of SECRETS) expect(plain).toContain(s);
    expect(plain).toContain('"format":"engram-sync"');
  });

  it('the key file is passphrase-encrypted (scrypt) and its plaintext is an identity file the CLI accepts', async () => {
    const backend = webdavBackend({
      url: `${apache.url}proof-keys`,
      username: 'engram',
      password: 'test-password',
    });
    const a = new Device('A', backend);
    await a.connect();
    a.add('Prefers metric units.');
    await a.sync();
    const keyFile = (await backend.get('keys/identity.age'))!;
    const header = new TextDecoder().decode(keyFile.slice(0, 200));
    expect(header).toMatch(/^age-encryption\.org\/v1\n-> scrypt \S+ 10\n/);
    expect(header).not.toContain(a.store.state!.identity);
    // The CLI asks for the passphrase on a terminal only; the decrypted key file itself is used as it is.
    const { identity, epoch } = await unwrapIdentity(keyFile, PASSPHRASE);
    const identityFile = join(tmp, 'from-key-file.txt');
    writeFileSync(identityFile, `# Engram sync identity (format 1)\n# epoch: ${epoch}\n${identity}\n`);
    const seg = (await backend.list(epoch)).find((f) => f.path.includes('/log-'))!;
    writeFileSync(join(tmp, 'seg.age'), (await backend.get(seg.path))!);
    const lines = gunzipSync(execFileSync(AGE, ['-d', '-i', identityFile, join(tmp, 'seg.age')]))
      .toString()
      .trim()
      .split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      ...{ format: 'engram-sync', v: 2, kind: 'log', count: 1, epoch },
      ...{ dev: a.store.state!.device, seq: 1 },
    });
    expect(readFileSync(identityFile, 'utf8')).toContain('AGE-SECRET-KEY-1');
  });

  it('by default the passphrase is stretched with scrypt 2^16, the factor measured for a ≤ 2 s unlock', async () => {
    expect(SCRYPT_LOG_N).toBe(16);
    const real = await wrapIdentity('AGE-SECRET-KEY-1QQQQ', '0123456789abcdef', 'pass phrase');
    expect(new TextDecoder().decode(real.slice(0, 120))).toMatch(/-> scrypt \S+ 16\n/);
  });
});
