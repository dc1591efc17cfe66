// @vitest-environment node
import { expect, test } from 'vitest';
import { allowedOrigin, isLoopback } from './listen';

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
