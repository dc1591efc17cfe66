import { expect, test } from 'vitest';
import { agentConfigs, pathProblemOf } from './config';

test('no configuration carries the secret; both paths are full ones (#27, #34 items 8 and 10)', () => {
  const configs = agentConfigs('/usr/local/bin/node', " /home/o'neil/engram/mcp/dist/engram-mcp.js ");
  expect(configs.map((c) => c.app)).toEqual(['Claude Desktop', 'Cursor', 'Claude Code']);
  const desktop = JSON.parse(configs[0]!.text) as { mcpServers: { engram: Record<string, unknown> } };
  expect(desktop.mcpServers.engram).toEqual({
    command: '/usr/local/bin/node',
    args: ["/home/o'neil/engram/mcp/dist/engram-mcp.js"],
  });
  for (const c of configs) expect(c.text).not.toMatch(/ENGRAM_MCP_SECRET"|engram-mcp-1\./);
  // Claude Code's command is one shell word for the JSON: a quote in the path cannot end it.
  const code = configs[2]!.text;
  expect(code).toMatch(/^claude mcp add-json --scope user engram '/);
  expect(code).toContain(`o'\\''neil`);
  // A secret file of one's own choosing is named by its path, never its content.
  expect(JSON.parse(agentConfigs('/n', '/s', '/home/me/secret')[0]!.text).mcpServers.engram.env).toEqual({
    ENGRAM_MCP_SECRET_FILE: '/home/me/secret',
  });
});

test('the hint for a JSON file says where the entry goes when mcpServers is already there', () => {
  const [desktop, cursor] = agentConfigs('/n', '/s');
  for (const c of [desktop!, cursor!]) expect(c.where).toContain('takes only the "engram" entry, inside it');
  expect(desktop!.where).not.toMatch(/add this under "mcpServers"/);
});

test('an empty, relative or ~ path is refused, and says which (Options words it from the catalogue)', () => {
  expect(pathProblemOf('')).toBe('empty');
  expect(pathProblemOf('  ')).toBe('empty');
  expect(pathProblemOf('~/engram/mcp/dist/engram-mcp.js')).toBe('tilde');
  expect(pathProblemOf('engram/mcp/dist/engram-mcp.js')).toBe('relative');
  expect(pathProblemOf('./mcp/dist/engram-mcp.js')).toBe('relative');
  for (const ok of [
    '/usr/bin/node',
    'C:\\Program Files\\nodejs\\node.exe',
    'D:/engram/mcp.js',
    '\\\\srv\\n.exe',
  ])
    expect(pathProblemOf(ok), ok).toBeNull();
});
