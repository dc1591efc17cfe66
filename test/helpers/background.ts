// Component tests talk to the real background handlers (over fake-indexeddb) instead of canned replies, so
// a test sees the same writes, events and validation as the extension:
//   vi.mock('../lib/messages', async (real) => (await import('../test/helpers/background')).throughHandlers(await real()));
import { vi } from 'vitest';
import { handlers } from '../../lib/background/handlers';
import { resetPastIndex } from '../../lib/background/past';
import type * as Messages from '../../lib/messages';
import type { MessageType } from '../../lib/protocol';
import { memoryHost } from '../../lib/past/memory-db';

export const EXTENSION_ORIGIN = 'chrome-extension://engram-test/';

export function throughHandlers(real: typeof Messages): typeof Messages {
  // The past-chat index (on by default, #13) runs on sqlite-wasm in memory, as in the background's own tests:
  // happy-dom has no offscreen document to host it.
  resetPastIndex(memoryHost());
  // A vi.fn, so a test can make one call fail with mockRejectedValueOnce.
  const sendMessage = vi.fn((type: MessageType, data: unknown) =>
    real.dispatch(type, data, { url: `${EXTENSION_ORIGIN}options.html` }, handlers, EXTENSION_ORIGIN),
  ) as unknown as typeof Messages.sendMessage;
  return { ...real, sendMessage };
}

/** happy-dom lays nothing out; the virtualized list needs a viewport to render rows into. */
export function giveElementsASize(height = 800, width = 1000): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
}

/** The list item (a memory card) that shows this text. */
export function rowOf(textNode: HTMLElement): HTMLElement {
  const row = textNode.closest<HTMLElement>('[role="listitem"]');
  if (!row) throw new Error('not inside a list item');
  return row;
}
