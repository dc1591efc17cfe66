// Component tests talk to the real background handlers (over fake-indexeddb) instead of canned replies, so
// a test sees the same writes, events and validation as the extension:
//   vi.mock('../lib/messaging/send', async () => (await import('../test/helpers/background')).throughHandlers());
import { vi } from 'vitest';
import { handlers } from '../../lib/background/handlers';
import { startStoreFollowers } from '../../lib/background/recall/follow-store';
import { resetRecallIndex } from '../../lib/background/recall/recall-area';
import { dispatch, type MessageType } from '../../lib/messaging/background';
import type * as Send from '../../lib/messaging/send';
import { memoryHost } from '../../lib/past/memory-db';
import { loadEngines } from './engines';

export const EXTENSION_ORIGIN = 'chrome-extension://engram-test/';

export async function throughHandlers(): Promise<typeof Send> {
  // vi.mock's factory runs while the test file loads: the engines' one-time cost falls there (./engines.ts).
  await loadEngines();
  // The past-chat index (on by default, #13) runs on sqlite-wasm in memory, as in the background's own tests:
  // happy-dom has no offscreen document to host it.
  resetRecallIndex(memoryHost());
  // The in-memory views follow the store as they do in the running background (entrypoints/background.ts).
  startStoreFollowers();
  // A vi.fn, so a test can make one call fail with mockRejectedValueOnce.
  const sendMessage = vi.fn((type: MessageType, data: unknown) =>
    dispatch(type, data, { url: `${EXTENSION_ORIGIN}options.html` }, handlers, EXTENSION_ORIGIN),
  ) as unknown as typeof Send.sendMessage;
  return { sendMessage };
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
