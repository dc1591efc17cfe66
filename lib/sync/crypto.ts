// Encryption in the age format (age-encryption, pure JS), so every file decrypts with the `age` CLI as well
// (docs/sync.md). A random X25519 identity encrypts everything; the passphrase only wraps that identity.
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import { ProblemError } from '../model/problem';

/**
 * scrypt work factor for the passphrase-wrapped identity: 2^16. Measured (#15) with age-encryption's pure-JS scrypt
 * in Node 20 on the 2-core CI machine under load: logN 15 ≈ 0.7 s, 16 ≈ 1.0 s, 17 ≈ 2.2 s, 18 ≈ 4.2 s. 16 keeps unlock
 * under the 2 s target with room for a slower browser; the age CLI's own default (18) would miss it.
 */
export const SCRYPT_LOG_N = 16;

export class WrongPassphrase extends ProblemError {
  constructor() {
    super({ code: 'wrong-passphrase' });
  }
}

export interface KeyPair {
  identity: string;
  recipient: string;
}

/** X25519 only: the post-quantum hybrid keys of age-encryption 0.3 do not open with Debian's age 1.1. */
export async function newKeyPair(): Promise<KeyPair> {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}

export async function recipientOf(identity: string): Promise<string> {
  return identityToRecipient(identity);
}

export async function encryptTo(recipient: string, bytes: Uint8Array): Promise<Uint8Array> {
  const e = new Encrypter();
  e.addRecipient(recipient);
  return e.encrypt(bytes);
}

export async function decryptWith(identity: string, bytes: Uint8Array): Promise<Uint8Array> {
  const d = new Decrypter();
  d.addIdentity(identity);
  return d.decrypt(bytes);
}

export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const EPOCH_LINE = /^# epoch: ([a-f0-9]{16})$/m;
const RESET_LINE = /^# reset: ([a-f0-9 ]*)$/m;
const KEY_LINE = /^AGE-SECRET-KEY-1[0-9A-Z]+$/m;

export interface Unwrapped {
  identity: string;
  epoch: string;
  /**
   * Epochs whose data "Delete everything" removed (#25): a device that comes back from one of them with the new
   * passphrase empties itself first, even if the end notice was taken off the storage. Oldest first.
   */
  resets: string[];
}

/** The most epochs a key file remembers as reset: each is 17 bytes; a person resets a handful of times. */
const MAX_RESETS = 64;

/** The key file's plaintext is an age identity file (comments allowed), so `age -d -i` reads it as it is. */
export async function wrapIdentity(
  identity: string,
  epoch: string,
  passphrase: string,
  logN = SCRYPT_LOG_N,
  resets: string[] = [],
) {
  const kept = resets.slice(-MAX_RESETS);
  const reset = kept.length > 0 ? `# reset: ${kept.join(' ')}\n` : '';
  const text = `# Engram sync identity (format 1)\n# epoch: ${epoch}\n${reset}${identity}\n`;
  const e = new Encrypter();
  e.setPassphrase(passphrase);
  e.setScryptWorkFactor(logN);
  return e.encrypt(new TextEncoder().encode(text));
}

export async function unwrapIdentity(bytes: Uint8Array, passphrase: string): Promise<Unwrapped> {
  const d = new Decrypter();
  d.addPassphrase(passphrase);
  let text: string;
  try {
    text = await d.decrypt(bytes, 'text');
  } catch {
    throw new WrongPassphrase();
  }
  const epoch = EPOCH_LINE.exec(text)?.[1];
  const identity = KEY_LINE.exec(text)?.[0];
  if (!epoch || !identity) throw new WrongPassphrase();
  const resets = (RESET_LINE.exec(text)?.[1] ?? '').split(' ').filter((x) => /^[a-f0-9]{16}$/.test(x));
  return { identity, epoch, resets };
}

/** SHA-256 of a file, in hex: a device remembers its key file's and notices when it is replaced (#25). */
export async function digestOf(bytes: Uint8Array): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Proves an epoch's end was written by someone holding its identity, not by the storage provider. */
export async function epochMac(identity: string, ended: string, next: string, why?: string): Promise<string> {
  const enc = new TextEncoder();
  const raw = await crypto.subtle.digest('SHA-256', enc.encode(`engram-sync epoch-end key\n${identity}`));
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  // `why` (#25) is authenticated too; notices written before it have none, and keep their old MAC.
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    enc.encode(why ? `${ended}>${next}>${why}` : `${ended}>${next}`),
  );
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
