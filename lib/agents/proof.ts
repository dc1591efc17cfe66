// The pairing secret and the mutual challenge-response over it (#27). Each side sends a fresh nonce; each proves
// it holds the secret with an HMAC over both nonces, its own role and the port the extension dialled. The role
// keeps one side's proof from being played back as the other's; the port keeps a process that listens on another
// port of the range from relaying a real server's handshake (it would see the extension's proof for its own port,
// which the real server refuses). WebCrypto: the same code runs in the extension and in Node 20.

const PREFIX = 'engram-mcp-1.';
const ROLES = { extension: 'engram-mcp/1 extension', server: 'engram-mcp/1 server' } as const;
export type Role = keyof typeof ROLES;

function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** 32 random bytes, base64url (43 characters). */
export function nonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A new pairing secret: 256 random bits, with a prefix that says what it is to someone who finds it. */
export function newSecret(): string {
  return PREFIX + nonce();
}

/** The secret's shape, checked before any key is made from it (an env var may hold anything). */
export function isSecret(text: string): boolean {
  return text.startsWith(PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(text.slice(PREFIX.length));
}

export function secretKey(secret: string): Promise<CryptoKey> {
  if (!isSecret(secret)) throw new Error('not an Engram pairing secret');
  const raw = fromBase64url(secret.slice(PREFIX.length));
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function message(role: Role, port: number, own: string, other: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode([ROLES[role], String(port), own, other].join('\n'));
}

/** `role`'s proof for a connection on `port`: its own nonce first, then the other side's. */
export async function prove(key: CryptoKey, role: Role, port: number, own: string, other: string) {
  const mac = await crypto.subtle.sign('HMAC', key, message(role, port, own, other));
  return base64url(new Uint8Array(mac));
}

/** Checks the other side's proof in constant time (WebCrypto's verify). */
export async function verify(
  key: CryptoKey,
  role: Role,
  port: number,
  theirs: string,
  ours: string,
  proof: string,
): Promise<boolean> {
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = fromBase64url(proof);
  } catch {
    return false;
  }
  return crypto.subtle.verify('HMAC', key, mac, message(role, port, theirs, ours));
}
