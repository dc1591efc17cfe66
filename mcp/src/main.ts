// engram-mcp (#27): an MCP server over stdio that answers from Engram, the browser extension, through a
// WebSocket on 127.0.0.1 that the extension connects to while the person has Desktop apps switched on.
// stdout belongs to MCP: every log line goes to stderr.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { secretKey } from '../../lib/agents/proof';
import { HOST, PORTS, type Agent } from '../../lib/model/agent-wire';
import { ExtensionLink } from './link';
import { pair } from './pair';
import { readSecret } from './secret';
import { registerTools } from './tools';

const log = (line: string) => process.stderr.write(`engram-mcp: ${line}\n`);

/** The link to the extension, or why the server cannot make one (every tool says it). */
async function startLink(): Promise<ExtensionLink | string> {
  const found = readSecret(process.env);
  if ('problem' in found) {
    log(`${found.problem}; every tool will say how to pair`);
    return found.problem;
  }
  if (found.note) log(found.note);
  // Tests only: another bind address, to prove that a connection from outside loopback is refused.
  const host = process.env.ENGRAM_MCP_TEST_HOST ?? HOST;
  const link = new ExtensionLink(
    await secretKey(found.secret),
    {
      refused: (why) => log(`refused a connection: ${why}`),
      paired: () => log('Engram connected'),
    },
    host,
    PORTS,
  );
  const port = await link.start();
  log(port === null ? `no free port in ${PORTS[0]}–${PORTS.at(-1)}` : `listening on ${host}:${port}`);
  return link;
}

async function main(): Promise<void> {
  const link = await startLink();
  const server = new McpServer({ name: 'engram', version: '0.1.0' });
  const agent = (): Agent => {
    const info = server.server.getClientVersion();
    return { name: info?.name?.slice(0, 80) || 'an MCP client', version: info?.version?.slice(0, 40) ?? '' };
  };
  registerTools(server, link, agent);
  server.server.oninitialized = () => (typeof link === 'string' ? undefined : link.setAgent(agent()));
  const transport = new StdioServerTransport();
  const stop = () =>
    void (typeof link === 'string' ? Promise.resolve() : link.close()).finally(() => process.exit(0));
  transport.onclose = stop;
  await server.connect(transport);
  // The agent closes stdin when it stops the server; the port is given back at once.
  process.stdin.on('end', stop);
}

const run =
  process.argv[2] === 'pair' ? pair(process.env, (t) => process.stderr.write(t)).then(process.exit) : main();
run.catch((e: unknown) => {
  log(`could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
