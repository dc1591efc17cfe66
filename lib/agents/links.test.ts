// A connection belongs to the secret it was opened with (#34 item 10). A new secret ends everything the old one
// dialled before anything is dialled again: a probe or a handshake still under way, a refusal on its way. Sockets
// and probes are held by the test, so each step happens exactly when the test says.
import { afterEach, expect, test, vi } from 'vitest';
import { Connection, type Answer, type Socket } from './connection';
import { AgentLinks, type LinksReport } from './links';
import type { Probed } from './probe';
import { newSecret, nonce, prove, secretKey, verify } from './proof';

const PORT = 47310;
type Event = { code?: number; data: unknown };
type Listener = (event: Event) => void;

/** A socket whose far end the test plays: it accepts, speaks and hangs up when told. */
class FarEnd implements Socket {
  readyState = 0;
  readonly sent: Record<string, string>[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, event: Event = { data: undefined }): void {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, string>);
  }
  close(): void {
    if (this.readyState < 2) this.readyState = 2;
  }
  accept(): void {
    this.readyState = 1;
    this.emit('open');
  }
  say(message: object): void {
    this.emit('message', { data: JSON.stringify(message) });
  }
  hangUp(code: number): void {
    this.readyState = 3;
    this.emit('close', { code, data: undefined });
  }
}

const answer: Answer = async () => ({ ok: false, message: 'not in this test' });
const settle = () => new Promise((done) => setTimeout(done, 20));
const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  vi.restoreAllMocks();
});

/** The extension's links over sockets and probes the test holds; probes answer when `answer(i)` is called. */
function links() {
  const sockets: FarEnd[] = [];
  const probes: { url: string; answer(found: Probed): void }[] = [];
  const reports: LinksReport[] = [];
  const probe = (url: string) => new Promise<Probed>((answer) => probes.push({ url, answer }));
  const open = (url: string) => (sockets.push(new FarEnd(url)), sockets.at(-1)!);
  const l = new AgentLinks(open, answer, (r) => reports.push(r), [PORT], probe);
  stops.push(() => l.configure(null));
  return { l, sockets, probes, reports };
}

/** The server's half of the handshake over `socket`, with `secret`: hello, then its proof if ours is right. */
async function serve(socket: FarEnd, secret: string): Promise<boolean> {
  const ours = nonce();
  socket.accept();
  socket.say({ t: 'hello', v: 1, nonce: ours });
  await vi.waitFor(() => expect(socket.sent[0]?.t).toBe('auth'));
  const auth = socket.sent[0]!;
  const key = await secretKey(secret);
  if (!(await verify(key, 'extension', PORT, auth.nonce!, ours, auth.proof!))) return false;
  socket.say({ t: 'proof', proof: await prove(key, 'server', PORT, ours, auth.nonce!) });
  return true;
}

test('a probe out when the secret changes is dropped: the new secret dials at once, never with the old key', async () => {
  const { l, sockets, probes } = links();
  const [a, b] = [newSecret(), newSecret()];
  await l.configure(a);
  expect(probes).toHaveLength(1);
  await l.configure(b);
  // The new secret's own probe, without waiting for the old one (which held the port until it answered).
  expect(probes).toHaveLength(2);
  probes[0]!.answer('server-1');
  await settle();
  expect(sockets).toHaveLength(0);
  probes[1]!.answer('server-1');
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  expect(await serve(sockets[0]!, b)).toBe(true);
  await vi.waitFor(() => expect(l.status().links).toHaveLength(1));
});

test('the old secret’s connections close before the new key is made, saying why', async () => {
  const { l, sockets, probes } = links();
  const a = newSecret();
  await l.configure(a);
  probes[0]!.answer('server-1');
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  await serve(sockets[0]!, a);
  await vi.waitFor(() => expect(l.status().links).toHaveLength(1));
  // Making the new key takes as long as it takes; the old connection does not wait for it.
  let made = () => undefined as unknown;
  const importKey = crypto.subtle.importKey.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'importKey').mockImplementationOnce(
    (...args: Parameters<typeof importKey>) =>
      new Promise((done) => (made = () => done(importKey(...args)))) as ReturnType<typeof importKey>,
  );
  const applied = l.configure(newSecret());
  await settle();
  expect(sockets[0]!.readyState).toBe(2);
  expect(sockets[0]!.sent.at(-1)).toEqual({ t: 'bye', reason: 'secret' });
  expect(probes).toHaveLength(1);
  made();
  await applied;
  expect(probes).toHaveLength(2);
});

test('a handshake under way when the secret changes sends no proof, and its refusal counts for nothing', async () => {
  const { l, sockets, probes, reports } = links();
  const [a, b] = [newSecret(), newSecret()];
  await l.configure(a);
  probes[0]!.answer('server-1');
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  const old = sockets[0]!;
  // The proof is being made when the secret changes.
  const sign = crypto.subtle.sign.bind(crypto.subtle);
  let signed = () => undefined as unknown;
  vi.spyOn(crypto.subtle, 'sign').mockImplementationOnce(
    (...args: Parameters<typeof sign>) =>
      new Promise((done) => (signed = () => done(sign(...args)))) as ReturnType<typeof sign>,
  );
  old.accept();
  old.say({ t: 'hello', v: 1, nonce: nonce() });
  await l.configure(b);
  signed();
  await settle();
  expect(old.sent).toEqual([]);
  // The old connection's server refuses it after all: not shown, and no backoff for the port.
  old.hangUp(4401);
  expect(reports.at(-1)?.refused ?? []).toEqual([]);
  probes[1]!.answer('server-2');
  await vi.waitFor(() => expect(sockets).toHaveLength(2));
  expect(await serve(sockets[1]!, b)).toBe(true);
  await vi.waitFor(() => expect(reports.at(-1)).toMatchObject({ links: [{ port: PORT }], refused: [] }));
});

test('what a refused server said under the old secret is not shown under the new one', async () => {
  const { l, sockets, probes, reports } = links();
  await l.configure(newSecret());
  probes[0]!.answer('server-1');
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  expect(await serve(sockets[0]!, newSecret())).toBe(false);
  sockets[0]!.hangUp(4401);
  expect(reports.at(-1)?.refused).toMatchObject([{ port: PORT, why: { code: 'other-secret' } }]);
  await l.configure(newSecret());
  expect(reports.at(-1)).toEqual({ links: [], refused: [] });
});

test('a connection closed while the server’s proof is checked stays closed: it never becomes paired', async () => {
  const key = await secretKey(newSecret());
  let socket: FarEnd | undefined;
  const states: string[] = [];
  const conn: Connection = new Connection(
    PORT,
    key,
    (url) => (socket = new FarEnd(url)),
    answer,
    () => states.push(conn.state),
  );
  const ours = nonce();
  socket!.accept();
  socket!.say({ t: 'hello', v: 1, nonce: ours });
  await vi.waitFor(() => expect(socket!.sent[0]?.t).toBe('auth'));
  const proof = await prove(key, 'server', PORT, ours, socket!.sent[0]!.nonce!);
  const check = crypto.subtle.verify.bind(crypto.subtle);
  let checked = () => undefined as unknown;
  const verifying = vi
    .spyOn(crypto.subtle, 'verify')
    .mockImplementationOnce(
      (...args: Parameters<typeof check>) =>
        new Promise((done) => (checked = () => done(check(...args)))) as ReturnType<typeof check>,
    );
  socket!.say({ t: 'proof', proof });
  await vi.waitFor(() => expect(verifying).toHaveBeenCalled());
  conn.close();
  checked();
  await settle();
  expect(conn.state).toBe('closed');
  expect(states).toEqual(['pairing', 'closed']);
});
