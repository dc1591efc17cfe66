// A problem the background throws reaches the page as a code it can word (#37): the messenger copies an error's
// own fields across, and the page checks them with the schema before it trusts them.
import { defineExtensionMessaging } from '@webext-core/messaging';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ProblemError, saidOf } from './problem';

type Listener = (message: unknown, sender: object, reply: (response: unknown) => void) => boolean;

/** Chrome's runtime messaging as the messenger uses it: callbacks, and every value sent as JSON. */
function jsonRuntime() {
  const listeners: Listener[] = [];
  const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
  return {
    runtime: {
      lastError: undefined,
      onMessage: {
        addListener: (l: Listener) => listeners.push(l),
        removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1),
      },
      sendMessage: (message: unknown, reply: (response: unknown) => void) =>
        listeners.forEach((l) => l(json(message), {}, (response) => reply(json(response)))),
    },
  };
}

beforeEach(() => vi.stubGlobal('chrome', jsonRuntime()));
afterEach(() => vi.unstubAllGlobals());

interface Probe {
  refuse(): void;
  fail(): void;
}

test('a ProblemError thrown by a handler arrives at the sender with its problem; any other error as its text', async () => {
  const { onMessage, sendMessage } = defineExtensionMessaging<Probe>();
  onMessage('refuse', () => {
    throw new ProblemError({ code: 'retry-failed-only', status: 'running' });
  });
  onMessage('fail', () => {
    throw new Error('HTTP 401: Incorrect API key provided: sk-proj-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z');
  });
  const refused = await sendMessage('refuse').catch((e: unknown) => e);
  expect(refused).not.toBeInstanceOf(ProblemError);
  expect(saidOf(refused)).toEqual({ code: 'retry-failed-only', status: 'running' });
  const failed = await sendMessage('fail').catch((e: unknown) => e);
  expect(saidOf(failed, (text) => text.replace(/sk-\S+/, '[key]'))).toBe(
    'HTTP 401: Incorrect API key provided: [key]',
  );
});

test('a `problem` that is not one is not trusted: the error is shown as its text', () => {
  const forged = Object.assign(new Error('boom'), { problem: { code: 'no-such-code' } });
  expect(saidOf(forged)).toBe('boom');
  expect(saidOf('x'.repeat(600))).toHaveLength(500);
});
