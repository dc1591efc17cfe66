// Every connection the extension keeps to engram-mcp servers (#27), one per port of the range that answers and
// proves the secret. Each server takes the first free port, so a new one appears at the lowest port not yet
// connected: the two lowest such ports are tried every second (a new agent's first call waits up to 3.5 s for
// Engram), the whole range every 30 s. A port whose server failed the handshake is tried again after 2 s, then
// twice as long each time up to 30 s (a server with an old secret stays refused without a connection a second),
// and at once when nothing answers there any more. Retrying costs no throttle (below): the WebSocket opens.
// A port is probed with a plain HTTP request before any WebSocket is opened: Chromium delays each new WebSocket
// by up to 5 s once a page has many pending or failed ones (its per-process WebSocket throttle), and a scan of
// closed ports is nothing but failures; an HTTP request to a closed port fails at once and delays nothing.
import { Connection, type Answer, type SocketFactory } from './connection';
import { secretKey } from './proof';
import { HOST, INSTANCE_HEADER, PORTS, type Agent } from './wire';

export const QUICK_SCAN_MS = 1_000;
const RETRY_MS = 2_000;
const PROBE_MS = 1_500;

/** What a probe learns: nothing answers (null), or a server, named by the instance id engram-mcp sends ('' if none). */
export type Probed = string | null;

/**
 * Whether engram-mcp answers HTTP on the port (with 426 and the extension's origin), and which server process it
 * is. A redirect is an error (#34 item 9): engram-mcp never sends one, and a program on the port must not make
 * the extension fetch another address.
 */
export async function httpProbe(url: string): Promise<Probed> {
  try {
    const signal = AbortSignal.timeout(PROBE_MS);
    // Chromium refuses a no-cors request whose redirect mode is not "follow" (checked with Chromium 156), so the
    // probe is a CORS request: engram-mcp's 426 names the extension's origin (mcp/src/listen.ts). A program that
    // does not is never dialled.
    const res = await fetch(url, {
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      signal,
    });
    return res.headers.get(INSTANCE_HEADER) ?? '';
  } catch {
    return null;
  }
}
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
  why: string;
}
export interface LinksReport {
  links: LinkStatus[];
  refused: Refused[];
}

export class AgentLinks {
  private key: CryptoKey | null = null;
  private secret: string | null = null;
  private readonly conns = new Map<number, Connection>();
  /** Ports whose server was refused: when to try again, the wait after that, and which server it was. */
  private readonly unpaired = new Map<number, { at: number; wait: number; instance: Probed }>();
  /** The server process each connection's probe found, so a refused one is known when probed again. */
  private readonly instances = new Map<number, Probed>();
  private readonly probing = new Set<number>();
  private readonly refused: Refused[] = [];
  private quick: ReturnType<typeof setInterval> | undefined;
  private full: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly open: SocketFactory,
    private readonly answer: Answer,
    private readonly report: (r: LinksReport) => void,
    private readonly ports: readonly number[] = PORTS,
    private readonly probe: (url: string) => Promise<Probed> = httpProbe,
  ) {}

  private configuring: Promise<void> = Promise.resolve();

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
    const key = secret ? await secretKey(secret) : null;
    this.stop(secret ? 'secret' : 'off');
    this.secret = secret;
    this.key = key;
    if (!key) return this.emit();
    this.quick = setInterval(() => this.scan(QUICK_PORTS), QUICK_SCAN_MS);
    this.full = setInterval(() => this.scan(this.ports.length, true), FULL_SCAN_MS);
    this.scan(this.ports.length, true);
  }

  get on(): boolean {
    return this.key !== null;
  }

  /** Connects to up to `count` free ports in order; `all` retries ports whose server failed to pair. */
  scan(count: number, all = false): void {
    const key = this.key;
    if (!key) return;
    const now = Date.now();
    const due = (p: number) => all || (this.unpaired.get(p)?.at ?? 0) <= now;
    const free = this.ports.filter((p) => !this.conns.has(p) && !this.probing.has(p) && due(p));
    for (const port of free.slice(0, count)) void this.connect(port, key);
    // A refused server that has gone leaves its port to the next one, which must not wait out the backoff.
    for (const port of this.unpaired.keys()) if (!due(port)) void this.gone(port);
  }

  /** The refused server has gone, or another one took its port (a new instance id): dial it without waiting. */
  private async gone(port: number): Promise<void> {
    const now = await this.probe(`http://${HOST}:${port}/`);
    const was = this.unpaired.get(port)?.instance;
    if (now === null || (now !== '' && now !== was)) this.unpaired.delete(port);
  }

  private async connect(port: number, key: CryptoKey): Promise<void> {
    this.probing.add(port);
    const answers = await this.probe(`http://${HOST}:${port}/`).finally(() => this.probing.delete(port));
    // The switch may have gone off, or the secret changed, while the probe was out.
    if (answers === null || this.conns.has(port)) return;
    // The secret changed while the probe was out: the new one dials now (its own scan skipped this port).
    if (this.key !== key) return void (this.key && this.connect(port, this.key));
    this.instances.set(port, answers);
    const conn = new Connection(port, key, this.open, this.answer, () => this.settle(conn));
    this.conns.set(port, conn);
  }

  private settle(conn: Connection): void {
    // A connection of an old secret or of the switch's last "on" (stop() let it go) says nothing of the port now:
    // its refusal must not put the port in a backoff the new secret would wait out (#34 item 10).
    if (this.conns.get(conn.port) !== conn) return;
    if (conn.state === 'refused') {
      const wait = Math.min(2 * (this.unpaired.get(conn.port)?.wait ?? RETRY_MS / 2), FULL_SCAN_MS);
      const instance = this.instances.get(conn.port) ?? '';
      this.unpaired.set(conn.port, { at: Date.now() + wait, wait, instance });
      this.refused.unshift({ port: conn.port, at: new Date().toISOString(), why: conn.why ?? '' });
      this.refused.length = Math.min(this.refused.length, 10);
    }
    if (conn.state === 'paired') this.unpaired.delete(conn.port);
    if (conn.state === 'closed' || conn.state === 'refused') this.conns.delete(conn.port);
    if (conn.state !== 'connecting' && conn.state !== 'pairing') this.emit();
  }

  status(): LinksReport {
    const links = [...this.conns.values()]
      .filter((c) => c.state === 'paired' && c.since)
      .map((c) => ({ port: c.port, agent: c.agent, since: c.since ?? '' }));
    return { links, refused: [...this.refused] };
  }

  private emit(): void {
    this.report(this.status());
  }

  private stop(bye: 'off' | 'secret'): void {
    clearInterval(this.quick);
    clearInterval(this.full);
    for (const conn of this.conns.values()) conn.close(conn.state === 'paired' ? bye : undefined);
    this.conns.clear();
    this.unpaired.clear();
  }
}
