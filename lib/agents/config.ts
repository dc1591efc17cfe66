// The configuration each desktop app needs to start engram-mcp (#27), ready to paste, shown by Options → Desktop
// apps and printed by `engram-mcp pair`. It carries no secret (#34 item 8): the server reads it from a file only
// its owner can read (mcp/src/secret.ts), because an app's configuration is written with the app's permissions,
// is shared and committed, and Claude Code's command line is readable by every user and kept in shell history.
// Both paths are full ones: an app started from the dock or the Start menu often has no `node` on its PATH, and
// none expands `~` or starts in the folder the person meant.

export interface AgentConfig {
  /** Options shows its words as agents.where.<id> in the catalogue (#37); `where` is engram-mcp pair's. */
  id: 'claudeDesktop' | 'cursor' | 'claudeCode';
  app: string;
  where: string;
  text: string;
}

export type PathProblem = 'empty' | 'tilde' | 'relative';

/** What is wrong with a path typed for a configuration, or null: Options says it as agents.pathProblem.<kind>. */
export function pathProblemOf(path: string): PathProblem | null {
  const p = path.trim();
  if (!p) return 'empty';
  if (p.startsWith('~')) return 'tilde';
  if (!/^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(p)) return 'relative';
  return null;
}

/** The three apps' configurations; `secretFile` only when it is not the default file (`engram-mcp pair --file`). */
export function agentConfigs(nodePath: string, serverPath: string, secretFile?: string): AgentConfig[] {
  const entry = {
    command: nodePath.trim(),
    args: [serverPath.trim()],
    ...(secretFile ? { env: { ENGRAM_MCP_SECRET_FILE: secretFile } } : {}),
  };
  const file = JSON.stringify({ mcpServers: { engram: entry } }, null, 2);
  const single = JSON.stringify(entry).replace(/'/g, `'\\''`);
  const paste =
    'An empty file takes this whole block; a file that already has "mcpServers" takes only the "engram" entry, inside it.';
  return [
    {
      id: 'claudeDesktop',
      app: 'Claude Desktop',
      where: `Settings → Developer → Edit Config opens claude_desktop_config.json. ${paste} Then restart Claude Desktop.`,
      text: file,
    },
    {
      id: 'cursor',
      app: 'Cursor',
      where: `Your own ~/.cursor/mcp.json (not a project’s .cursor/mcp.json, which may be shared). ${paste}`,
      text: file,
    },
    {
      id: 'claudeCode',
      app: 'Claude Code',
      where:
        'Run this once in a terminal; --scope user keeps it in your own settings, not the project’s .mcp.json.',
      text: `claude mcp add-json --scope user engram '${single}'`,
    },
  ];
}
