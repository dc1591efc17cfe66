// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { newSecret } from '../../lib/agents/proof';
import { allowedOrigin, isLoopback } from './listen';
import { readSecret } from './secret';

test('only loopback addresses count as this machine (#27)', () => {
  for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a), a).toBe(true);
  for (const a of ['192.0.2.2', '198.18.0.2', '::ffff:192.0.2.2', 'fd00::2', '0.0.0.0', '::', '', undefined])
    expect(isLoopback(a), String(a)).toBe(false);
});

test('an extension’s origin or none passes the upgrade; any web origin is refused', () => {
  for (const o of [undefined, 'chrome-extension://abcdefghijklmnop', 'moz-extension://5d2c7c1e-8f3a-4b6d'])
    expect(allowedOrigin(o), String(o)).toBe(true);
  for (const o of [
    'https://evil.example',
    'http://127.0.0.1:8080',
    'null',
    'file://',
    'chrome-extension://a/b',
  ])
    expect(allowedOrigin(o), o).toBe(false);
});

test('the secret comes from the environment or a file, never from arguments, and must be one Engram made', () => {
  const secret = newSecret();
  expect(readSecret({ ENGRAM_MCP_SECRET: ` ${secret}\n` })).toEqual({ secret });
  const file = join(mkdtempSync(join(tmpdir(), 'engram-mcp-')), 'secret');
  writeFileSync(file, `${secret}\n`);
  expect(readSecret({ ENGRAM_MCP_SECRET_FILE: file })).toEqual({ secret });
  expect(readSecret({})).toHaveProperty('problem');
  expect(readSecret({ ENGRAM_MCP_SECRET: 'hunter2' })).toHaveProperty('problem');
  expect(readSecret({ ENGRAM_MCP_SECRET_FILE: join(file, 'missing') })).toHaveProperty('problem');
});
