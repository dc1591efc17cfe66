// Every connection the extension keeps to engram-mcp servers (#27), one per port of the range that answers and
// proves the secret. Each server takes the first free port, so a new one appears at the lowest port not yet
// connected: the two lowest such ports are tried every second (a new agent's first call waits up to 3.5 s for
// Engram), the whole range every 30 s. A port whose server failed the handshake is tried again after 2 s, then
// twice as long each time up to 30 s (a server with an old secret stays refused without a connection a second),
// and at once when nothing answers there any more. A port is probed (./probe.ts) before a WebSocket is opened.
// Everything is dialled by one generation of the secret (below): a new secret ends the old one whole first.
import { Connection, type Answer, type SocketFactory } from './connection';
import { httpProbe, type Probed } from './probe';
import { secretKey } from './proof';
import { HOST, PORTS, type Agent } from '../model/agent-wire';
import type { RefusedWhy } from '../model/agents';

export const QUICK_SCAN_MS = 1_000;
const RETRY_MS = 2_000;
export const FULL_SCAN_MS = 30_000;
const QUICK_PORTS = 2;

export interface LinkStatus {
  port: number;
  agent: Agent | null;
  since: string;
}
export interface Refused {
  port: number;
  at: string;
  why: RefusedWhy;
}
export interface LinksReport {
  links: LinkStatus[];
  refused: Refused[];
}

/**
 * What one secret dialled (#34 item 10): its key, its connections, the probes it has out, the ports its servers
 * refused and why. A new secret or the switch going off ends it whole before anything is dialled with the next,
 * and what it still has in flight (a probe, a handshake, a refusal on its way) finds it ended and is dropped: no
 * proof made with an old key reaches a server started for the new one, and no refusal it saw counts against a
 * port or is shown. Each connection keeps the key it was opened with; it never takes another.
 */
class Generation {
  readonly conns = new Map<number, Connection>();
  readonly probing = new Set<number>();
  /** Ports whose server was refused: when to try again, the wait after that, and which server it was. */
  readonly unpaired = new Map<number, { at: number; wait: number; instance: Probed }>();
  /** The server process each connection's probe found, so a refused one is known when probed again. */
  readonly instances = new Map<number, Probed>();
  readonly refused: Refused[] = [];

  constructor(readonly key: CryptoKey) {}

  /** `bye` tells each paired server why it is left; one still pairing is closed before it hears a proof. */
  end(bye: 'off' | 'secret'): void {
    for (const conn of this.conns.values()) conn.close(conn.state === 'paired' ? bye : undefined);
    this.conns.clear();
  }
}

export class AgentLinks {
  private secret: string | null = null;
  private gen: Generation | null = null;
  private quick: ReturnType<typeof setInterval> | undefined;
  private full: ReturnType<typeof setInterval> | undefined;
  private configuring: Promise<void> = Promise.resolve();

  constructor(
    private readonly open: SocketFactory,
    private readonly answer: Answer,
    private readonly report: (r: LinksReport) => void,
    private readonly ports: readonly number[] = PORTS,
    private readonly probe: (url: string) => Promise<Probed> = httpProbe,
  ) {}

  /**
   * On with a secret: connect and keep connecting. Off, or a new secret: every connection closes, saying why.
   * The same secret again (every service-worker start says it) keeps the connections as they are. Calls take
   * effect in the order they were made (#34 item 10): making the key is asynchronous, and a later "off" must not
   * finish before an earlier secret.
   */
  configure(secret: string | null): Promise<void> {
    const next = this.configuring.then(() => this.apply(secret));
    this.configuring = next.catch(() => undefined);
    return next;
  }

  private async apply(secret: string | null): Promise<void> {
    if (secret === this.secret) return this.scan(this.ports.length, true);
    // The old generation ends before the new key is made: it dials nothing more while the key is imported.
    this.end(secret ? 'secret' : 'off');
    const key = secret ? await secretKey(secret) : null;
    if (!key) return;
    this.secret = secret;
    this.gen = new Generation(key);
    this.quick = setInterval(() => this.scan(QUICK_PORTS), QUICK_SCAN_MS);
    this.full = setInterval(() => this.scan(this.ports.length, true), FULL_SCAN_MS);
    this.scan(this.ports.length, true);
  }

  get on(): boolean {
    return this.gen !== null;
  }

  /** Connects to up to `count` free ports in order; `all` retries ports whose server failed to pair. */
  scan(count: number, all = false): void {
    const gen = this.gen;
    if (!gen) return;
    const now = Date.now();
    const due = (p: number) => all || (gen.unpaired.get(p)?.at ?? 0) <= now;
    const free = this.ports.filter((p) => !gen.conns.has(p) && !gen.probing.has(p) && due(p));
    for (const port of free.slice(0, count)) void this.connect(gen, port);
    // A refused server that has gone leaves its port to the next one, which must not wait out the backoff.
    for (const port of gen.unpaired.keys()) if (!due(port)) void this.gone(gen, port);
  }

  /** The refused server has gone, or another one took its port (a new instance id): dial it without waiting. */
  private async gone(gen: Generation, port: number): Promise<void> {
    const now = await this.probe(`http://${HOST}:${port}/`);
    const was = gen.unpaired.get(port)?.instance;
    if (now === null || (now !== '' && now !== was)) gen.unpaired.delete(port);
  }

  private async connect(gen: Generation, port: number): Promise<void> {
    gen.probing.add(port);
    const answers = await this.probe(`http://${HOST}:${port}/`).finally(() => gen.probing.delete(port));
    // Ended while the probe was out (a new secret, the switch off): dropped, never dialled with its key. The new
    // generation's own scan did not wait for this probe; it dialled the port itself.
    if (this.gen !== gen || answers === null || gen.conns.has(port)) return;
    gen.instances.set(port, answers);
    const conn = new Connection(port, gen.key, this.open, this.answer, () => this.settle(gen, conn));
    gen.conns.set(port, conn);
  }

  private settle(gen: Generation, conn: Connection): void {
    // Of an ended generation, or a connection it let go: it says nothing of the port now (#34 item 10).
    if (this.gen !== gen || gen.conns.get(conn.port) !== conn) return;
    if (conn.state === 'refused') {
      const wait = Math.min(2 * (gen.unpaired.get(conn.port)?.wait ?? RETRY_MS / 2), FULL_SCAN_MS);
      const instance = gen.instances.get(conn.port) ?? '';
      gen.unpaired.set(conn.port, { at: Date.now() + wait, wait, instance });
      gen.refused.unshift({
        port: conn.port,
        at: new Date().toISOString(),
        why: conn.why ?? { code: 'unproven' },
      });
      gen.refused.length = Math.min(gen.refused.length, 10);
    }
    if (conn.state === 'paired') gen.unpaired.delete(conn.port);
    if (conn.state === 'closed' || conn.state === 'refused') gen.conns.delete(conn.port);
    if (conn.state !== 'connecting' && conn.state !== 'pairing') this.emit();
  }

  status(): LinksReport {
    const gen = this.gen;
    if (!gen) return { links: [], refused: [] };
    const links = [...gen.conns.values()]
      .filter((c) => c.state === 'paired' && c.since)
      .map((c) => ({ port: c.port, agent: c.agent, since: c.since ?? '' }));
    return { links, refused: [...gen.refused] };
  }

  private emit(): void {
    this.report(this.status());
  }

  /** Ends the generation in force, if any, and says so: Options no longer lists its apps or its refusals. */
  private end(bye: 'off' | 'secret'): void {
    clearInterval(this.quick);
    clearInterval(this.full);
    const gen = this.gen;
    this.gen = null;
    this.secret = null;
    if (!gen) return;
    gen.end(bye);
    this.emit();
  }
}
