// The server's half of the handshake (#27, lib/agents/proof.ts): it sends a nonce, the extension answers with its
// own nonce and a proof over both; only then does the server prove itself, so a process that does not hold the
// secret learns nothing from it but a random nonce. A connection that proves nothing within the time is closed.
import type { RawData, WebSocket } from 'ws';
import { nonce, prove, verify } from '../../lib/agents/proof';
import { FromExtension, parseFrame } from '../../lib/model/agent-wire';

export const HANDSHAKE_MS = 5_000;
export const FIRST_FRAME_MAX = 1_024;
/** Close codes the extension shows in Options: a wrong proof, and a connection that said nothing in time. */
export const CLOSE = { badProof: 4401, timeout: 4408, busy: 4429 } as const;

export type Outcome = 'paired' | 'bad proof' | 'timeout' | 'closed';

export function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function firstMessage(ws: WebSocket, ms: number): Promise<string | 'timeout' | 'closed'> {
  return new Promise((resolve) => {
    const done = (value: string | 'timeout' | 'closed') => {
      clearTimeout(timer);
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve(value);
    };
    const onMessage = (data: RawData) => done(text(data));
    const onClose = () => done('closed');
    const timer = setTimeout(() => done('timeout'), ms);
    ws.on('message', onMessage);
    ws.on('close', onClose);
  });
}

/** Runs the handshake on a new connection; the socket is closed unless the outcome is 'paired'. */
export async function pair(ws: WebSocket, key: CryptoKey, port: number, ms = HANDSHAKE_MS): Promise<Outcome> {
  const ours = nonce();
  ws.send(JSON.stringify({ t: 'hello', v: 1, nonce: ours }));
  const first = await firstMessage(ws, ms);
  if (first === 'closed') return 'closed';
  if (first === 'timeout') {
    ws.close(CLOSE.timeout, 'no proof in time');
    return 'timeout';
  }
  // The extension's first word is about 150 characters: a larger one is refused unread (#34 item 9).
  const auth = first.length <= FIRST_FRAME_MAX ? parseFrame(FromExtension, first) : null;
  const ok =
    auth?.t === 'auth' &&
    auth.nonce !== ours &&
    (await verify(key, 'extension', port, auth.nonce, ours, auth.proof));
  if (!ok || auth?.t !== 'auth') {
    ws.close(CLOSE.badProof, 'wrong secret');
    return 'bad proof';
  }
  ws.send(JSON.stringify({ t: 'proof', proof: await prove(key, 'server', port, ours, auth.nonce) }));
  return 'paired';
}
