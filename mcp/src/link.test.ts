// @vitest-environment node
// The pairing between the extension (lib/agents/links.ts) and the server (./link.ts) over real loopback sockets
// (#27): each side answers only a peer that proves the secret; a web page's origin is refused before any word.
import { afterEach, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import type { Answer, Socket } from '../../lib/agents/connection';
import { AgentLinks, type LinksReport } from '../../lib/agents/links';
import { newSecret, nonce, prove, secretKey } from '../../lib/agents/proof';
import { ExtensionLink, TIMING } from './link';
import { CLOSE } from './peer';
import { SAY } from './say';

const AGENT = { name: 'Test agent', version: '1.0' };
const RESULT = { id: 'm1', status: 'waiting for review' as const };
const open = (url: string) => new WebSocket(url) as unknown as Socket;
const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function server(secret: string, events = {}) {
  const link = new ExtensionLink(await secretKey(secret), events, '127.0.0.1', [0]);
  const port = await link.start();
  stops.push(() => link.close());
  return { link, port: port! };
}

function extension(secret: string | null, port: number, answer: Answer) {
  const reports: LinksReport[] = [];
  // Node's fetch has no no-cors mode; the probe's worth is a browser's (the e2e suites).
  const links = new AgentLinks(
    open,
    answer,
    (r) => reports.push(r),
    [port],
    async () => true,
  );
  void links.configure(secret);
  stops.push(() => links.configure(null));
  const paired = () => expect.poll(() => reports.at(-1)?.links.length).toBe(1);
  return { links, reports, paired };
}

test('an extension with the secret pairs, hears the agent’s name and answers its calls', async () => {
  const secret = newSecret();
  const { link, port } = await server(secret);
  link.setAgent(AGENT);
  const answer = vi.fn<Answer>(async () => ({ ok: true, data: RESULT }));
  const ext = extension(secret, port, answer);
  await ext.paired();
  await expect.poll(() => ext.reports.at(-1)?.links[0]?.agent).toEqual(AGENT);
  await expect(link.call('remember', { text: 'Likes tea' }, AGENT)).resolves.toEqual(RESULT);
  expect(answer.mock.calls[0]?.[0]).toMatchObject({
    tool: 'remember',
    args: { text: 'Likes tea' },
    agent: AGENT,
  });
});

test('a wrong secret pairs with nothing: the server refuses it, and the tool says to copy the secret again', async () => {
  TIMING.connectMs = 300;
  const refused = vi.fn();
  const { link, port } = await server(newSecret(), { refused });
  const answer = vi.fn<Answer>(async () => ({ ok: true, data: RESULT }));
  const ext = extension(newSecret(), port, answer);
  await expect.poll(() => refused.mock.calls.length).toBeGreaterThan(0);
  expect(refused).toHaveBeenCalledWith('bad proof');
  await expect(link.call('search_memory', { query: 'tea' }, AGENT)).rejects.toThrow(SAY.badSecret);
  expect(answer).not.toHaveBeenCalled();
  expect(ext.reports.at(-1)?.links ?? []).toEqual([]);
});

test('a process that listens on the port without the secret gets no answer from the extension', async () => {
  const { WebSocketServer } = await import('ws');
  const rogue = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  stops.push(() => new Promise((done) => rogue.close(done)));
  await new Promise((done) => rogue.once('listening', done));
  const port = (rogue.address() as { port: number }).port;
  const closed = new Promise<number>((resolve) =>
    rogue.on('connection', (ws) => {
      ws.send(JSON.stringify({ t: 'hello', v: 1, nonce: nonce() }));
      // It cannot prove the secret, so it tries a made-up proof, then simply asks.
      ws.on('message', () => {
        ws.send(JSON.stringify({ t: 'proof', proof: nonce() }));
        ws.send(
          JSON.stringify({ t: 'call', id: 1, tool: 'search_memory', args: { query: 'x' }, agent: AGENT }),
        );
      });
      ws.on('close', (code) => resolve(code));
    }),
  );
  const answer = vi.fn<Answer>(async () => ({ ok: true, data: RESULT }));
  const ext = extension(newSecret(), port, answer);
  expect(await closed).toBe(4401);
  expect(answer).not.toHaveBeenCalled();
  await expect.poll(() => ext.reports.at(-1)?.refused[0]?.why).toMatch(/could not prove/);
});

test('a proof made for another port is refused: a relay on another port of the range gets nowhere', async () => {
  const secret = newSecret();
  const refused = vi.fn();
  const { port } = await server(secret, { refused });
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  const hello = await new Promise<{ nonce: string }>((resolve) =>
    ws.once('message', (d) => resolve(JSON.parse(String(d)))),
  );
  const ours = nonce();
  const proof = await prove(await secretKey(secret), 'extension', port + 1, ours, hello.nonce);
  ws.send(JSON.stringify({ t: 'auth', nonce: ours, proof }));
  const code = await new Promise<number>((resolve) => ws.once('close', resolve));
  expect(code).toBe(CLOSE.badProof);
  expect(refused).toHaveBeenCalledWith('bad proof');
});

test('a web page’s WebSocket is refused at the upgrade, whatever it knows', async () => {
  const refused = vi.fn();
  const { port } = await server(newSecret(), { refused });
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { origin: 'https://evil.example' });
  const status = await new Promise<number>((resolve) =>
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
  );
  expect(status).toBe(403);
  expect(refused).toHaveBeenCalledWith('web origin');
});

test('with no extension, each tool says so within 5 s; after the switch goes off, it says that', async () => {
  TIMING.connectMs = 3_500;
  const secret = newSecret();
  const { link, port } = await server(secret);
  const started = Date.now();
  await expect(link.call('list_memories', {}, AGENT)).rejects.toThrow(SAY.notConnected);
  expect(Date.now() - started).toBeLessThan(5_000);
  const ext = extension(secret, port, async () => ({ ok: true, data: RESULT }));
  await ext.paired();
  await ext.links.configure(null);
  TIMING.connectMs = 300;
  await expect(link.call('list_memories', {}, AGENT)).rejects.toThrow(SAY.switchedOff);
});

test('an extension that does not answer in time gets the late sentence, under 5 s', async () => {
  const secret = newSecret();
  const { link, port } = await server(secret);
  const ext = extension(secret, port, () => new Promise(() => undefined));
  await ext.paired();
  const started = Date.now();
  await expect(link.call('search_memory', { query: 'tea' }, AGENT)).rejects.toThrow(SAY.late);
  expect(Date.now() - started).toBeLessThan(5_000);
});
