// The server's link to the extension (#27): it listens (./listen.ts), pairs each connection (./peer.ts), and sends
// the agent's calls to the most recently paired one. Every tool answers within 5 s unless the extension says
// `waiting` (the person is being asked, or slow work is under way): no connection, a refused secret, the switch turned off or a silent
// extension each become one plain sentence (./say.ts).
import type { RawData, WebSocket } from 'ws';
import {
  FromExtension,
  HOST,
  parseFrame,
  PORTS,
  type Agent,
  type Call,
  type ResultData,
} from '../../lib/model/agent-wire';
import { listenFirstFree, type Listening, type Refusal } from './listen';
import { CLOSE, pair, text } from './peer';
import { Plain, SAY } from './say';

export const TIMING = {
  /** How long a call waits for the extension to connect: it looks for new servers every second. */
  connectMs: 3_500,
  /** A call's whole reply, the wait for a connection included, stays under 5 s. */
  totalMs: 4_800,
  /** While the person is asked (the extension allows 30 s, then answers "not allowed"). */
  askMs: 40_000,
};
const MAX_UNPAIRED = 4;

type Args = Call['args'];
interface Pending {
  resolve(data: ResultData): void;
  reject(error: Plain): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface LinkEvents {
  refused?(why: Refusal | 'bad proof' | 'timeout'): void;
  paired?(): void;
}

export class ExtensionLink {
  private listening: Listening | null = null;
  private peer: WebSocket | null = null;
  /** What the paired extension said when it left: the switch went off, or the secret changed. */
  private problem: 'off' | 'secret' | null = null;
  /** When a connection that could not prove the secret was last refused. */
  private refusedAt: number | null = null;
  private unpaired = 0;
  private nextId = 1;
  private agent: Agent | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly key: CryptoKey,
    private readonly events: LinkEvents = {},
    private readonly host = HOST,
    private readonly ports = PORTS,
  ) {}

  /** The port taken, or null when the whole range is busy. */
  async start(): Promise<number | null> {
    this.listening = await listenFirstFree(this.host, this.ports, (why) => this.events.refused?.(why));
    this.listening?.wss.on('connection', (ws) => void this.accept(ws));
    return this.listening?.port ?? null;
  }

  get port(): number | null {
    return this.listening?.port ?? null;
  }

  private async accept(ws: WebSocket): Promise<void> {
    if (this.unpaired >= MAX_UNPAIRED) return ws.close(CLOSE.busy, 'busy');
    this.unpaired++;
    const outcome = await pair(ws, this.key, this.port ?? 0).finally(() => this.unpaired--);
    // A wrong proof is the extension with another secret, or any program on this computer: it is noted, and the
    // tools say that a connection was refused, never that Engram refused this server (#34 item 9). Only the paired
    // extension says so, with its `bye`.
    if (outcome === 'bad proof') this.refusedAt = Date.now();
    if (outcome === 'bad proof' || outcome === 'timeout') this.events.refused?.(outcome);
    if (outcome !== 'paired') return;
    this.peer = ws;
    this.problem = null;
    this.refusedAt = null;
    ws.on('message', (data) => this.receive(ws, data));
    ws.on('close', () => this.lost(ws));
    if (this.agent) ws.send(JSON.stringify({ t: 'agent', agent: this.agent }));
    this.events.paired?.();
    this.waiters.forEach((wake) => wake());
  }

  private receive(ws: WebSocket, data: RawData): void {
    const msg = parseFrame(FromExtension, text(data));
    if (!msg) return;
    if (msg.t === 'ping') ws.send(JSON.stringify({ t: 'pong' }));
    if (msg.t === 'bye') this.problem = msg.reason === 'off' ? 'off' : 'secret';
    if (msg.t === 'waiting') this.extend(msg.id);
    if (msg.t !== 'result') return;
    const call = this.pending.get(msg.id);
    if (!call) return;
    this.pending.delete(msg.id);
    clearTimeout(call.timer);
    if (msg.ok) call.resolve(msg.data);
    else call.reject(new Plain(msg.message));
  }

  private lost(ws: WebSocket): void {
    if (this.peer !== ws) return;
    this.peer = null;
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      const said = { off: SAY.switchedOff, secret: SAY.badSecret } as const;
      call.reject(new Plain(this.problem ? said[this.problem] : SAY.dropped));
      this.pending.delete(id);
    }
  }

  private extend(id: number): void {
    const call = this.pending.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    call.timer = setTimeout(() => this.expire(id), TIMING.askMs);
  }

  private expire(id: number): void {
    this.pending.get(id)?.reject(new Plain(SAY.late));
    this.pending.delete(id);
  }

  /** Waits up to `connectMs` for a paired extension; the sentence that says why not, otherwise. */
  private async connected(): Promise<WebSocket> {
    if (!this.peer) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, TIMING.connectMs);
        const waiters = this.waiters;
        function wake() {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        }
        waiters.add(wake);
      });
    }
    if (this.peer) return this.peer;
    if (this.problem === 'secret') throw new Plain(SAY.badSecret);
    if (this.problem === 'off') throw new Plain(SAY.switchedOff);
    throw new Plain(this.refusedAt === null ? SAY.notConnected : SAY.refusedOne);
  }

  /** The agent's name and version, once its `initialize` has named it; Options shows who is connected. */
  setAgent(agent: Agent): void {
    this.agent = agent;
    this.peer?.send(JSON.stringify({ t: 'agent', agent }));
  }

  async call(tool: Call['tool'], args: Args, agent: Agent): Promise<ResultData> {
    if (!this.listening) throw new Plain(SAY.noPort);
    const started = Date.now();
    const ws = await this.connected();
    const id = this.nextId++;
    return new Promise<ResultData>((resolve, reject) => {
      const timer = setTimeout(() => this.expire(id), TIMING.totalMs - (Date.now() - started));
      this.pending.set(id, { resolve, reject, timer });
      ws.send(JSON.stringify({ t: 'call', id, tool, args, agent }));
    });
  }

  async close(): Promise<void> {
    await this.listening?.close();
  }
}
