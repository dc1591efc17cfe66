// The configuration each desktop app needs to start engram-mcp with the pairing secret (#27), ready to paste.
// The secret goes in the server's environment, never in its arguments: any user of the machine can list every
// process's arguments; only the same user and root can read its environment.
export const PLACEHOLDER_PATH = '/path/to/engram/mcp/dist/engram-mcp.js';

export interface AgentConfig {
  /** Its words are agents.where.<id> in the catalogue (#37). */
  id: 'claudeDesktop' | 'cursor' | 'claudeCode';
  app: string;
  text: string;
}

function server(secret: string, path: string) {
  return { command: 'node', args: [path || PLACEHOLDER_PATH], env: { ENGRAM_MCP_SECRET: secret } };
}

/** The three apps' configurations, for the secret just made and where engram-mcp.js is. */
export function agentConfigs(secret: string, path: string): AgentConfig[] {
  const entry = server(secret, path.trim());
  const file = JSON.stringify({ mcpServers: { engram: entry } }, null, 2);
  const single = JSON.stringify(entry).replace(/'/g, `'\\''`);
  return [
    { id: 'claudeDesktop', app: 'Claude Desktop', text: file },
    { id: 'cursor', app: 'Cursor', text: file },
    { id: 'claudeCode', app: 'Claude Code', text: `claude mcp add-json --scope user engram '${single}'` },
  ];
}
