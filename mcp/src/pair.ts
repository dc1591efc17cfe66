// `engram-mcp pair` (#34 item 8): the person pastes the secret Options → Desktop apps showed, and it is saved to a
// file only they can read (./secret.ts reads it). The secret comes in on standard input, not as an argument (every
// user can list arguments; shells keep them in history), and is not echoed. The file is made new with mode 0600 in
// a folder of mode 0700, written whole and renamed into place, so it is never readable by others, not even for a
// moment. Then it prints each app's configuration with the full paths of node and of this server.
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isSecret } from '../../lib/agents/proof';
import { agentConfigs } from '../../lib/agents/config';
import { secretFileOf } from './secret';

/** Writes `secret` to `file` with mode 0600 (its folder 0700), atomically. */
export function saveSecret(file: string, secret: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${secret}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  // The umask may only take permissions away; this makes sure a file there before is 0600 too.
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

/** A line from standard input; on a terminal, typed or pasted without being shown. */
export function readHidden(input: NodeJS.ReadStream, prompt: (text: string) => void): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    const raw = input.isTTY === true;
    if (raw) {
      prompt('Paste the secret from Engram’s Options → Desktop apps (it is not shown), then press Enter: ');
      input.setRawMode(true);
    }
    const finish = (ok: boolean) => {
      if (raw) input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      if (raw) prompt('\n');
      if (ok) done(text.trim());
      else fail(new Error('cancelled'));
    };
    const onData = (chunk: Buffer) => {
      for (const c of chunk.toString('utf8')) {
        if (c === '\u0003') return finish(false);
        if (c === '\r' || c === '\n') return finish(true);
        text = c === '\u007f' || c === '\b' ? text.slice(0, -1) : text + c;
      }
    };
    input.on('data', onData);
    input.once('end', () => finish(true));
    input.resume();
  });
}

/** Runs `engram-mcp pair`; returns the exit code. */
export async function pair(env: NodeJS.ProcessEnv, say: (text: string) => void): Promise<number> {
  const secret = await readHidden(process.stdin, say).catch(() => '');
  if (!isSecret(secret)) {
    say(
      'That is not a secret Engram made: press Make a secret (or New secret) in Options → Desktop apps and copy it again.\n',
    );
    return 1;
  }
  const file = secretFileOf(env);
  saveSecret(file, secret);
  say(`Saved. Only you can read ${file}.\n\n`);
  const configs = agentConfigs(process.execPath, resolve(process.argv[1] ?? ''), env.ENGRAM_MCP_SECRET_FILE);
  for (const c of configs) say(`${c.app}: ${c.where}\n${c.text}\n\n`);
  say('Restart each app you set up; Engram connects within a second or two.\n');
  return 0;
}
