// Where the server finds its pairing secret (#27, #34 item 8): a file only its owner can read. `engram-mcp pair`
// writes it (./pair.ts); the server reads ENGRAM_MCP_SECRET_FILE if set, else the default file below, and refuses
// a file that another user could read or that another user owns. Never a command-line argument: any user of the
// machine can read every process's arguments (`ps`, /proc/*/cmdline), and shells keep them in their history. The
// apps' configurations carry no secret either: they are written with each app's own permissions and get shared.
// ENGRAM_MCP_SECRET in the environment still works for setups made before the file (it is said in the log).
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isSecret } from '../../lib/agents/proof';

export type SecretSource = { secret: string; note?: string } | { problem: string };

/** The default secret file: `%APPDATA%\Engram` on Windows, else `$XDG_CONFIG_HOME/engram` or `~/.config/engram`. */
export function defaultSecretFile(
  env: NodeJS.ProcessEnv,
  platform = process.platform,
  home = homedir(),
): string {
  if (platform === 'win32')
    return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Engram', 'mcp-secret');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'engram', 'mcp-secret');
}

export const secretFileOf = (env: NodeJS.ProcessEnv) => env.ENGRAM_MCP_SECRET_FILE || defaultSecretFile(env);

interface Owner {
  uid: number | null;
  platform: NodeJS.Platform;
}

/** Why the file may not hold the secret, or null: a regular file, ours, with no permission for group or others. */
export function unsafeFile(
  file: string,
  owner: Owner = { uid: process.getuid?.() ?? null, platform: process.platform },
) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return `cannot read the secret file ${file}: run \`engram-mcp pair\` to make it`;
  }
  if (!stat.isFile()) return `${file} is not a file`;
  // Windows keeps permissions in ACLs that mode bits do not show: a file under the profile is the user's.
  if (owner.platform === 'win32') return null;
  if (owner.uid !== null && stat.uid !== owner.uid)
    return `${file} belongs to another user: run \`engram-mcp pair\` again`;
  const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
  if ((stat.mode & 0o077) !== 0)
    return `${file} can be read by other users (mode ${mode}): run \`chmod 600 ${file}\`, or \`engram-mcp pair\` again`;
  return null;
}

export function readSecret(env: NodeJS.ProcessEnv, owner?: Owner): SecretSource {
  const inline = env.ENGRAM_MCP_SECRET?.trim();
  if (inline && !env.ENGRAM_MCP_SECRET_FILE) {
    if (!isSecret(inline)) return { problem: 'the secret in ENGRAM_MCP_SECRET is not one Engram made' };
    const note =
      'the secret came from ENGRAM_MCP_SECRET; `engram-mcp pair` keeps it in a file only you can read';
    return { secret: inline, note };
  }
  const file = secretFileOf(env);
  const unsafe = unsafeFile(file, owner);
  if (unsafe) return { problem: unsafe };
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    return { problem: `cannot read the secret file ${file}` };
  }
  return isSecret(secret) ? { secret } : { problem: `${file} does not hold a secret Engram made` };
}
