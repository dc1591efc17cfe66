// The extension's side of one connection to an engram-mcp server (#27): it proves it holds the secret, checks
// the server's proof, and only then answers the server's calls, each validated (lib/model/agent-wire.ts). A server
// that cannot prove the secret gets no answer at all: any local process can listen on a port of the range.
import type { RefusedWhy } from '../model/agents';
import { nonce, prove, verify } from './proof';
import {
  FromServer,
  HOST,
  parseFrame,
  type Agent,
  type Call,
  type FromExtension,
  type ResultData,
} from '../model/agent-wire';

/** What answering a call gives: the data, one sentence why not, or a note that the person is being asked. */
export type Outcome = { ok: true; data: ResultData } | { ok: false; message: string };
export type Answer = (call: Call, port: number, waiting: () => void) => Promise<Outcome>;

export type ConnectionState = 'connecting' | 'pairing' | 'paired' | 'refused' | 'closed';

/** The subset of the browser's WebSocket this uses; tests pass the `ws` package's, which has the same shape. */
export interface Socket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'close', listener: (event: { code?: number }) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
export type SocketFactory = (url: string) => Socket;

export const KEEPALIVE_MS = 20_000;
const HANDSHAKE_MS = 4_000;
/**
 * The longest frame read (#34 item 9). Before the handshake only `hello` and `proof` come, about 100 characters: a
 * larger one is refused unparsed, since anything on a port of the range can send it. After it, a call's bounded
 * arguments (lib/model/agent-wire.ts) fit well within 64 kB.
 */
export const FRAME_MAX = { handshake: 1_024, paired: 65_536 } as const;

export class Connection {
  state: ConnectionState = 'connecting';
  agent: Agent | null = null;
  since: string | null = null;
  /** Why the connection was refused: the server never proved the secret, or spoke out of turn (a code, #37). */
  why: RefusedWhy | null = null;
  private readonly socket: Socket;
  private theirs: string | null = null;
  private ours: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastPong = Date.now();
  private inbox = Promise.resolve();

  constructor(
    readonly port: number,
    private readonly key: CryptoKey,
    open: SocketFactory,
    private readonly answer: Answer,
    private readonly changed: () => void,
  ) {
    this.socket = open(`ws://${HOST}:${port}/`);
    this.socket.addEventListener('open', () => this.set('pairing'));
    // A socket that fails closes too ('close' below); the error itself says nothing more.
    this.socket.addEventListener('error', () => undefined);
    // One message at a time: the handshake's proofs are checked asynchronously, and what follows the server's
    // proof (its agent's name) must not be read as part of the handshake.
    this.socket.addEventListener('message', (e) => {
      this.inbox = this.inbox.then(() => this.receive(e.data));
    });
    this.socket.addEventListener('close', (e) => this.closed(e?.code));
    this.timer = setTimeout(() => this.refuse({ code: 'slow' }), HANDSHAKE_MS);
  }

  /**
   * The server closed the socket. Before pairing, its 4401 means it refused Engram's proof: it holds another secret
   * (an old configuration, or a program that has none). That is a refusal, shown in Options and retried with
   * backoff (#34 item 10); it was taken for a plain close, and the port dialled again every second.
   */
  private closed(code: number | undefined): void {
    if (this.ended) return;
    if (code === 4401 && this.state !== 'paired') {
      this.why = { code: 'other-secret' };
      return this.set('refused');
    }
    if (code === 4408 && this.state !== 'paired') {
      this.why = { code: 'proof-timeout' };
      return this.set('refused');
    }
    this.set('closed');
  }

  /** Closed or refused: nothing more happens on this connection, whatever is still in flight. */
  get ended(): boolean {
    return this.state === 'closed' || this.state === 'refused';
  }

  private set(state: ConnectionState): void {
    // An ended connection stays ended: a handshake that finishes after close() must not make it paired again.
    if (this.state === state || this.ended) return;
    if (state === 'closed' || state === 'refused') clearTimeout(this.timer);
    this.state = state;
    this.changed();
  }

  private send(message: FromExtension): void {
    if (!this.ended && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private refuse(why: RefusedWhy): void {
    if (this.ended) return;
    this.why = why;
    this.set('refused');
    this.socket.close(4401, 'refused');
  }

  private async receive(data: unknown): Promise<void> {
    // Frames that were queued when it closed (the secret changed, the switch went off) are not read.
    if (this.ended) return;
    const max = this.state === 'paired' ? FRAME_MAX.paired : FRAME_MAX.handshake;
    if (typeof data === 'string' && data.length > max)
      return this.refuse({ code: 'oversize', chars: data.length });
    const msg = typeof data === 'string' ? parseFrame(FromServer, data) : null;
    if (!msg) return this.refuse({ code: 'not-protocol' });
    if (this.state !== 'paired') return this.handshake(msg);
    if (msg.t === 'agent') {
      this.agent = msg.agent;
      this.changed();
    } else if (msg.t === 'pong') this.lastPong = Date.now();
    // Calls run side by side: one waiting for the person must not hold up the next.
    else if (msg.t === 'call') void this.serve(msg);
    else this.refuse({ code: 'handshake-again' });
  }

  private async handshake(msg: FromServer): Promise<void> {
    if (msg.t === 'hello' && this.theirs === null) {
      this.theirs = msg.nonce;
      this.ours = nonce();
      const proof = await prove(this.key, 'extension', this.port, this.ours, msg.nonce);
      // Closed while the proof was made (#34 item 10): the key it was made with is no longer in force.
      return this.send({ t: 'auth', nonce: this.ours, proof });
    }
    const proven =
      msg.t === 'proof' &&
      this.theirs !== null &&
      this.ours !== null &&
      (await verify(this.key, 'server', this.port, this.theirs, this.ours, msg.proof));
    if (this.ended) return;
    if (!proven) return this.refuse({ code: 'unproven' });
    this.since = new Date().toISOString();
    clearTimeout(this.timer);
    this.timer = setInterval(() => this.keepalive(), KEEPALIVE_MS);
    this.set('paired');
  }

  private async serve(call: Call): Promise<void> {
    if (call.agent.name) this.agent = call.agent;
    const outcome = await this.answer(call, this.port, () => this.send({ t: 'waiting', id: call.id })).catch(
      (): Outcome => ({ ok: false, message: 'Engram could not answer: try again.' }),
    );
    this.send(
      outcome.ok
        ? { t: 'result', id: call.id, ok: true, data: outcome.data }
        : { t: 'result', id: call.id, ok: false, message: outcome.message.slice(0, 500) },
    );
  }

  /** A server that stops answering pings is closed, so its port is scanned again. */
  private keepalive(): void {
    if (Date.now() - this.lastPong > 2 * KEEPALIVE_MS + 5_000) return this.close();
    this.send({ t: 'ping' });
  }

  /** `bye` tells the server why (the switch went off, or the secret changed) before the socket closes. */
  close(bye?: 'off' | 'secret'): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    if (bye) this.send({ t: 'bye', reason: bye });
    this.socket.close(1000, bye ?? 'closed');
    this.set('closed');
  }
}
