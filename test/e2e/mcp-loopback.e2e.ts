// Nothing that is not loopback reaches engram-mcp (#27), proved with a real second host: a network namespace
// this test makes, joined to this machine by a veth pair in 198.18.0.0/30 (RFC 2544's range for tests). A client
// inside it first reaches a server bound, for this test only, to the host's end of the pair
// (ENGRAM_MCP_TEST_HOST): the connection gets through and is refused by the remote-address check, not by the
// routing. A server as agents start it (127.0.0.1) is not reachable from there at all. Needs root and `ip`.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newSecret } from '../../lib/agents/proof';
import { logged, startAgent, type Agent } from './mcp';

const ID = String(process.pid % 100_000);
const NS = `engram-mcp-${ID}`;
const HOST_END = { dev: `emh${ID}`, ip: '198.18.0.1' };
const NS_END = { dev: `emn${ID}`, ip: '198.18.0.2' };
const root = process.getuid?.() === 0;
const agents: Agent[] = [];

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const inNs = (...args: string[]) => ip('netns', 'exec', NS, ...args);

beforeAll(() => {
  if (!root) return;
  ip('netns', 'add', NS);
  ip('link', 'add', HOST_END.dev, 'type', 'veth', 'peer', 'name', NS_END.dev);
  ip('link', 'set', NS_END.dev, 'netns', NS);
  ip('addr', 'add', `${HOST_END.ip}/30`, 'dev', HOST_END.dev);
  ip('link', 'set', HOST_END.dev, 'up');
  inNs('ip', 'addr', 'add', `${NS_END.ip}/30`, 'dev', NS_END.dev);
  inNs('ip', 'link', 'set', NS_END.dev, 'up');
});
afterAll(async () => {
  for (const a of agents) await a.close().catch(() => undefined);
  if (root) ip('netns', 'del', NS);
});

/** A WebSocket client run inside the namespace: what it got from ws://host:port (an HTTP status or an error). */
function fromOutside(host: string, port: number): string {
  const ws = resolve('node_modules/ws/index.js');
  const script = `
    const WebSocket = require(${JSON.stringify(ws)});
    const s = new WebSocket('ws://${host}:${port}/');
    s.on('unexpected-response', (_q, r) => { console.log('status ' + r.statusCode); process.exit(0); });
    s.on('open', () => { console.log('open'); process.exit(0); });
    s.on('error', (e) => { console.log('error ' + e.code); process.exit(0); });
    setTimeout(() => { console.log('timeout'); process.exit(0); }, 5000);`;
  return String(inNs(process.execPath, '-e', script)).trim();
}

test.skipIf(!root)(
  'a connection from another host is refused by its address; the usual bind is not reachable',
  async () => {
    const outside = await startAgent(newSecret(), 'outside', { ENGRAM_MCP_TEST_HOST: HOST_END.ip });
    agents.push(outside);
    const port = Number((await logged(outside, /listening on 198\.18\.0\.1:(\d+)/)).split(':').at(-1));
    expect(fromOutside(HOST_END.ip, port)).toBe('status 403');
    await logged(outside, /refused a connection: not loopback/);
    // The test bind shares its port number: it goes first, so what answers below can only be the usual server.
    await outside.close();
    const usual = await startAgent(newSecret(), 'usual');
    agents.push(usual);
    const usualPort = Number((await logged(usual, /listening on 127\.0\.0\.1:(\d+)/)).split(':').at(-1));
    expect(fromOutside(HOST_END.ip, usualPort)).toBe('error ECONNREFUSED');
  },
);
