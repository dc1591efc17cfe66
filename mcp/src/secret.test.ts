// @vitest-environment node
// The pairing secret stays inside its boundary (#34 item 8): a file only its owner can read is the default route,
// `pair` makes it so, the server refuses one that others can read, and no argument carries the secret.
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { newSecret } from '../../lib/agents/proof';
import { saveSecret } from './pair';
import { defaultSecretFile, readSecret } from './secret';

const posix = process.platform !== 'win32';
const dir = () => mkdtempSync(join(tmpdir(), 'engram-mcp-'));

describe.runIf(posix)('the secret file', () => {
  test('pair saves it with mode 0600 in a folder of 0700, and the server reads it from there', () => {
    const secret = newSecret();
    const file = join(dir(), 'engram', 'mcp-secret');
    saveSecret(file, secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(readSecret({ ENGRAM_MCP_SECRET_FILE: file })).toEqual({ secret });
    // Saved again over a file someone left readable: 0600 once more.
    chmodSync(file, 0o644);
    saveSecret(file, secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('a file others can read, or another user’s, is refused with what to do', () => {
    const file = join(dir(), 'secret');
    writeFileSync(file, `${newSecret()}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const open = readSecret({ ENGRAM_MCP_SECRET_FILE: file });
    expect(open).toEqual({
      problem: expect.stringMatching(/can be read by other users \(mode 644\): run `chmod 600/),
    });
    chmodSync(file, 0o640);
    expect(readSecret({ ENGRAM_MCP_SECRET_FILE: file })).toHaveProperty('problem');
    chmodSync(file, 0o600);
    expect(readSecret({ ENGRAM_MCP_SECRET_FILE: file })).toHaveProperty('secret');
    const uid = statSync(file).uid;
    expect(readSecret({ ENGRAM_MCP_SECRET_FILE: file }, { uid: uid + 1, platform: 'linux' })).toEqual({
      problem: expect.stringMatching(/belongs to another user/),
    });
  });

  test('with nothing set, the default file is the route; none there says how to make it', () => {
    const home = dir();
    expect(defaultSecretFile({}, 'linux', home)).toBe(join(home, '.config', 'engram', 'mcp-secret'));
    expect(defaultSecretFile({ XDG_CONFIG_HOME: '/x' }, 'linux', home)).toBe('/x/engram/mcp-secret');
    expect(readSecret({ XDG_CONFIG_HOME: home })).toEqual({
      problem: expect.stringMatching(/run `engram-mcp pair` to make it/),
    });
    saveSecret(defaultSecretFile({ XDG_CONFIG_HOME: home }), newSecret());
    expect(readSecret({ XDG_CONFIG_HOME: home })).toHaveProperty('secret');
  });

  test('a file that does not hold an Engram secret is refused', () => {
    const file = join(dir(), 'secret');
    writeFileSync(file, 'hunter2\n', { mode: 0o600 });
    expect(readSecret({ ENGRAM_MCP_SECRET_FILE: file })).toHaveProperty('problem');
  });
});

test('the environment variable of older setups still works, and says the file is the way', () => {
  const secret = newSecret();
  expect(readSecret({ ENGRAM_MCP_SECRET: ` ${secret}\n` })).toEqual({
    secret,
    note: expect.stringMatching(/engram-mcp pair/),
  });
  expect(readSecret({ ENGRAM_MCP_SECRET: 'hunter2' })).toHaveProperty('problem');
});

test.runIf(posix)('`engram-mcp pair` takes the secret on standard input, never as an argument', () => {
  const server = join(process.cwd(), 'mcp', 'dist', 'engram-mcp.js');
  const file = join(dir(), 'mcp-secret');
  const secret = newSecret();
  const run = spawnSync(process.execPath, [server, 'pair'], {
    input: `${secret}\n`,
    env: { ...process.env, ENGRAM_MCP_SECRET_FILE: file },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(readFileSync(file, 'utf8').trim()).toBe(secret);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  // It prints each app's configuration with node's full path and its own, and never the secret.
  expect(run.stderr).toContain(`"command": "${process.execPath}"`);
  expect(run.stderr).toContain(server);
  expect(run.stderr).not.toContain(secret);
  const wrong = spawnSync(process.execPath, [server, 'pair'], { input: 'hunter2\n', encoding: 'utf8' });
  expect(wrong.status).toBe(1);
});
