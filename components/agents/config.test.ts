import { expect, test } from 'vitest';
import { agentConfigs, PLACEHOLDER_PATH } from './config';

const SECRET = `engram-mcp-1.${'a'.repeat(43)}`;

test('each app gets the secret in the server’s environment, never in its arguments (#27)', () => {
  const configs = agentConfigs(SECRET, " /home/o'neil/engram/mcp/dist/engram-mcp.js ");
  expect(configs.map((c) => c.app)).toEqual(['Claude Desktop', 'Cursor', 'Claude Code']);
  const desktop = JSON.parse(configs[0]!.text) as { mcpServers: { engram: Record<string, unknown> } };
  expect(desktop.mcpServers.engram).toEqual({
    command: 'node',
    args: ["/home/o'neil/engram/mcp/dist/engram-mcp.js"],
    env: { ENGRAM_MCP_SECRET: SECRET },
  });
  // Claude Code's command is one shell word for the JSON: a quote in the path cannot end it.
  const code = configs[2]!.text;
  expect(code).toMatch(/^claude mcp add-json --scope user engram '/);
  expect(code).toContain(`o'\\''neil`);
  expect(agentConfigs(SECRET, '')[1]!.text).toContain(PLACEHOLDER_PATH);
});
