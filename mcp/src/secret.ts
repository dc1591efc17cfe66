// Where the server finds its pairing secret (#27): ENGRAM_MCP_SECRET, or a file named by ENGRAM_MCP_SECRET_FILE.
// Never a command-line argument: any user of the machine can read every process's arguments (`ps`, /proc/*/cmdline),
// while a process's environment is readable only by its own user and root. A file keeps the secret out of the
// agent's configuration, for people who share or commit that file.
import { readFileSync } from 'node:fs';
import { isSecret } from '../../lib/agents/proof';

export type SecretSource = { secret: string } | { problem: string };

export function readSecret(env: NodeJS.ProcessEnv): SecretSource {
  const file = env.ENGRAM_MCP_SECRET_FILE;
  let value = env.ENGRAM_MCP_SECRET;
  if (!value && file) {
    try {
      value = readFileSync(file, 'utf8');
    } catch {
      return { problem: `cannot read ENGRAM_MCP_SECRET_FILE (${file})` };
    }
  }
  const secret = value?.trim() ?? '';
  if (!secret) return { problem: 'no ENGRAM_MCP_SECRET or ENGRAM_MCP_SECRET_FILE' };
  return isSecret(secret) ? { secret } : { problem: 'the secret is not one Engram made' };
}
