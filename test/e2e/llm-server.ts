// A local OpenAI-compatible server on 127.0.0.1 for end-to-end tests (#4): answers /v1/chat/completions with
// scripted JSON, records every request, and can answer 429 with Retry-After or hold a request unanswered.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  at: number;
  body: string;
}

export interface LlmServer {
  baseUrl: string;
  requests: Recorded[];
  /** The next N requests get 429 with this Retry-After (seconds). */
  rateLimit(times: number, retryAfterSec: number): void;
  /** The next request is never answered (its connection dies with the service worker). */
  holdNext(): void;
  /** The reply's content; a promise holds the answer until it settles (a model still answering, #12). */
  reply(content: (body: string) => string | Promise<string>): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
  // Without a host permission the worker's fetch is CORS-bound: Retry-After is readable only when exposed.
  'access-control-expose-headers': 'retry-after',
};

export async function startLlmServer(): Promise<LlmServer> {
  const requests: Recorded[] = [];
  let limited = 0;
  let retryAfter = 0;
  let hold = false;
  let content: (body: string) => string | Promise<string> = () => JSON.stringify({ memories: [] });
  const respond = (
    res: ServerResponse,
    status: number,
    body: unknown,
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...CORS, ...extra });
    res.end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    requests.push({ at: Date.now(), body });
    if (hold) return void (hold = false);
    if (limited > 0) {
      limited--;
      return respond(res, 429, { error: { message: 'slow down' } }, { 'retry-after': String(retryAfter) });
    }
    void Promise.resolve(content(body)).then((text) => {
      const message = { role: 'assistant', content: text };
      respond(res, 200, { choices: [{ message }], usage: { prompt_tokens: 500, completion_tokens: 40 } });
    });
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(req, res, body));
    res.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    rateLimit: (times, sec) => ((limited = times), (retryAfter = sec)),
    holdNext: () => void (hold = true),
    reply: (fn) => void (content = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
