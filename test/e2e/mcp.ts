// Desktop apps in the end-to-end tests (#27): what the person does in Options → Desktop apps, and a real agent,
// an MCP client from the official SDK that starts the built engram-mcp over stdio as Claude Desktop would.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export const SERVER = resolve('mcp/dist/engram-mcp.js');

export interface Agent {
  client: Client;
  /** What the server wrote to stderr (its log: the port it took, refusals). */
  log: string[];
  call(tool: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  close(): Promise<void>;
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
  data: Record<string, unknown> | undefined;
  ms: number;
}

/**
 * The secret in a file only this user can read, as `engram-mcp pair` leaves it (#34 item 8); its path goes in the
 * server's environment, so the tests never touch the person's own ~/.config/engram.
 */
export function secretFile(secret: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'engram-e2e-')), 'mcp-secret');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/** Starts engram-mcp as an agent would: `node engram-mcp.js`, reading the secret from its file. */
export async function startAgent(secret: string, name = 'engram-e2e', env: Record<string, string> = {}) {
  if (!existsSync(SERVER)) throw new Error(`No ${SERVER}: run \`npm run build:mcp\` (npm install does it).`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER],
    env: { ...(process.env as Record<string, string>), ENGRAM_MCP_SECRET_FILE: secretFile(secret), ...env },
    stderr: 'pipe',
  });
  const log: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => log.push(...String(chunk).trim().split('\n')));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  const call = async (tool: string, args: Record<string, unknown>): Promise<ToolAnswer> => {
    const started = performance.now();
    const r = await client.callTool({ name: tool, arguments: args });
    const ms = performance.now() - started;
    const content = r.content as { type: string; text?: string }[];
    const data = r.structuredContent as Record<string, unknown> | undefined;
    return { isError: r.isError === true, text: content.map((c) => c.text ?? '').join('\n'), data, ms };
  };
  const agent: Agent = { client, log, call, close: () => client.close() };
  return agent;
}

/** Waits until the server's log has a line matching `re` (it logs the port it took, and each refusal). */
export async function logged(agent: Agent, re: RegExp, timeoutMs = 10_000): Promise<string> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const line = agent.log.find((l) => re.test(l));
    if (line) return line;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`engram-mcp never logged ${re}; it logged: ${agent.log.join(' | ')}`);
}

/**
 * The harness aborts every http(s) request it sees; the extension's probes of the servers' ports (plain HTTP on
 * 127.0.0.1, lib/agents/links.ts) are let through, and only those.
 */
export async function letProbesThrough(context: BrowserContext): Promise<void> {
  await context.route(/^http:\/\/127\.0\.0\.1:473(1\d|2[0-5])\/$/, (route) => route.continue());
}

/** Options → Desktop apps: where engram-mcp.js and node are, as a person types them (full paths). */
export async function typePaths(page: Page): Promise<void> {
  await page.getByLabel('Where engram-mcp.js is on this computer').fill(SERVER);
  await page.getByLabel('Where node is').fill(process.execPath);
}

/** Options → Desktop apps: the switch on (if asked), the paths, a new secret, read from where it is shown once. */
export async function pairInOptions(page: Page, switchOn = true): Promise<string> {
  const box = page.getByLabel('Let desktop apps use my memories');
  await box.waitFor();
  if (switchOn && !(await box.isChecked())) await box.check();
  await typePaths(page);
  await page.getByRole('button', { name: /^(Make a secret|New secret)$/ }).click();
  return page.getByLabel('Pairing secret', { exact: true }).inputValue();
}

/** The lowest port of the range nothing listens on (the next a server would take), for a test's own listener. */
export async function freePortInRange(): Promise<number> {
  const { createServer } = await import('node:net');
  for (let port = 47310; port <= 47325; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('every port of 47310-47325 is taken');
}

/** Options → Desktop apps with a new secret shown as each app's configuration (a11y.e2e audits it). */
export async function showConfigurations(page: Page): Promise<string> {
  await typePaths(page);
  await page.getByRole('button', { name: /^(Make a secret|New secret)$/ }).click();
  await page.getByLabel('Configuration for Claude Desktop', { exact: true }).waitFor();
  return 'a new secret shown as configurations';
}

/**
 * A program on a free port of the range that speaks the protocol without the secret: it says hello, answers the
 * extension's challenge with a made-up proof and asks for a search. `seen` is what the extension sent it.
 */
export async function startRogue() {
  const { WebSocketServer } = await import('ws');
  const { createServer } = await import('node:http');
  // It answers the extension's probe as engram-mcp does (426, the extension's origin allowed), or it would never
  // be dialled at all (lib/agents/links.ts httpProbe).
  const http = createServer((req, res) => {
    if (req.headers.origin) res.setHeader('Access-Control-Allow-Origin', req.headers.origin);
    res.writeHead(426).end();
  });
  const port = await freePortInRange();
  await new Promise<void>((done) => http.listen(port, '127.0.0.1', done));
  const rogue = new WebSocketServer({ server: http });
  const seen: string[] = [];
  const call = {
    t: 'call',
    id: 1,
    tool: 'search_memory',
    args: { query: 'x' },
    agent: { name: 'x', version: '' },
  };
  const closed = new Promise<number>((resolve) =>
    rogue.on('connection', (ws) => {
      ws.send(JSON.stringify({ t: 'hello', v: 1, nonce: 'n'.repeat(43) }));
      ws.on('message', (d) => {
        seen.push(String(d));
        ws.send(JSON.stringify({ t: 'proof', proof: 'p'.repeat(43) }));
        ws.send(JSON.stringify(call));
      });
      ws.on('close', (code) => resolve(code));
    }),
  );
  return { seen, closed, close: () => (rogue.close(), http.close()) };
}
