// @vitest-environment node
// The file chain age(gzip(JSON lines)): anything cut short or newer than this reader is refused, never half-read.
import { gunzipLines, gzipLines } from './codec';
import { decryptWith, encryptTo, newKeyPair, unwrapIdentity, WrongPassphrase, wrapIdentity } from './crypto';
import { openLines, sealLines, TooNew, Unreadable } from './files';

const EPOCH = '0123456789abcdef';

describe('sync files', () => {
  it('round-trips lines, and refuses a gzip stream cut anywhere', async () => {
    const lines = [{ a: 1 }, { b: 'ü ✓' }];
    const gz = await gzipLines(lines);
    expect(await gunzipLines(gz)).toEqual(lines);
    for (const cut of [gz.length - 1, gz.length - 8, Math.floor(gz.length / 2)]) {
      await expect(gunzipLines(gz.slice(0, cut))).rejects.toThrow();
    }
  });

  it('refuses an encrypted file cut short, one with lines missing, and one for another key', async () => {
    const keys = await newKeyPair();
    const sealed = await sealLines(keys.recipient, { kind: 'log', epoch: EPOCH }, [{ x: 1 }, { x: 2 }]);
    expect((await openLines(keys.identity, sealed)).lines).toEqual([{ x: 1 }, { x: 2 }]);
    await expect(openLines(keys.identity, sealed.slice(0, sealed.length - 20))).rejects.toBeInstanceOf(
      Unreadable,
    );
    const other = await newKeyPair();
    await expect(openLines(other.identity, sealed)).rejects.toBeInstanceOf(Unreadable);
    const header = { format: 'engram-sync', v: 1, kind: 'log', epoch: EPOCH, count: 3 };
    const short = await encryptTo(keys.recipient, await gzipLines([header, { x: 1 }]));
    await expect(openLines(keys.identity, short)).rejects.toThrow(/Cut short: 1 of 3/);
  });

  it('stops at a format newer than its own instead of guessing', async () => {
    const keys = await newKeyPair();
    const header = { format: 'engram-sync', v: 3, kind: 'log', epoch: EPOCH, count: 0 };
    const future = await encryptTo(keys.recipient, await gzipLines([header]));
    await expect(openLines(keys.identity, future)).rejects.toBeInstanceOf(TooNew);
    expect(await decryptWith(keys.identity, await encryptTo(keys.recipient, new Uint8Array([1, 2])))).toEqual(
      new Uint8Array([1, 2]),
    );
  });

  it('wraps the identity with the passphrase (scrypt); a wrong one opens nothing', async () => {
    const keys = await newKeyPair();
    expect(keys.identity).toMatch(/^AGE-SECRET-KEY-1[0-9A-Z]+$/); // X25519: the Debian CLI reads it
    const wrapped = await wrapIdentity(keys.identity, EPOCH, 'pass phrase', 10);
    expect(await unwrapIdentity(wrapped, 'pass phrase')).toEqual({
      identity: keys.identity,
      epoch: EPOCH,
      resets: [],
    });
    await expect(unwrapIdentity(wrapped, 'pass phrasE')).rejects.toBeInstanceOf(WrongPassphrase);
    expect(new TextDecoder().decode(wrapped.slice(0, 120))).toMatch(/-> scrypt \S+ 10\n/);
  });
});
