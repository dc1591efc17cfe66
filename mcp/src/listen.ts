// Where the server listens (#27): the first free port of the range, on 127.0.0.1 only. Nothing that is not
// loopback gets past the upgrade (the bind already keeps it out; the remote address is checked as well, which
// the test-only bind address ENGRAM_MCP_TEST_HOST exercises), and no web page does either: a page can open a
// WebSocket to 127.0.0.1, and its Origin is http(s). The secret is what really decides (./peer.ts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { INSTANCE_HEADER } from '../../lib/model/agent-wire';

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  return address === '::1';
}

/** No Origin (a local program), or an extension's. Any web origin, `null` included, is refused. */
export function allowedOrigin(origin: string | undefined): boolean {
  return origin === undefined || /^(chrome-extension|moz-extension):\/\/[a-z0-9-]+\/?$/i.test(origin);
}

export type Refusal = 'not loopback' | 'web origin';

export function refusalOf(req: IncomingMessage): Refusal | null {
  if (!isLoopback(req.socket.remoteAddress)) return 'not loopback';
  if (!allowedOrigin(req.headers.origin)) return 'web origin';
  return null;
}

function listenOn(server: Server, host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const failed = () => resolve(false);
    server.once('error', failed);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', failed);
      resolve(true);
    });
  });
}

export interface Listening {
  port: number;
  wss: WebSocketServer;
  close(): Promise<void>;
}

/** Binds the first free port of `ports`; null when every one is taken. */
export async function listenFirstFree(
  host: string,
  ports: readonly number[],
  onRefused: (why: Refusal) => void,
): Promise<Listening | null> {
  // This server, in its probe replies: not a secret, only different from any other server's.
  const instance = crypto.randomUUID();
  for (const port of ports) {
    // The extension's probe is a CORS request (lib/agents/links.ts httpProbe): it is answered for an extension's
    // origin only, so no web page learns from it that a server is here.
    // It names this process too, so a refused server's port taken by a new one is dialled at once (links.ts).
    const http = createServer((req, res) => {
      const origin = req.headers.origin;
      res.setHeader(INSTANCE_HEADER, instance);
      if (origin && allowedOrigin(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Expose-Headers', INSTANCE_HEADER);
      }
      res.writeHead(426).end();
    });
    if (!(await listenOn(http, host, port))) continue;
    const wss = new WebSocketServer({
      server: http,
      maxPayload: 1 << 20,
      verifyClient: ({ req }, done: (ok: boolean, code?: number) => void) => {
        const why = refusalOf(req);
        if (why) onRefused(why);
        done(why === null, 403);
      },
    });
    const close = () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.close(() => resolve());
      });
    // Port 0 (tests) takes whatever the system gives.
    return { port: (http.address() as AddressInfo).port, wss, close };
  }
  return null;
}
