// Component tests talk to the real background handlers (over fake-indexeddb) instead of a mock reply, so a
// test sees the same writes, events and validation as the extension. Use from a vi.mock factory:
//   vi.mock('../lib/messages', () => import('../test/helpers/background'));
import { handlers } from '../../lib/background/handlers';
import * as real from '../../lib/messages';

export const EXTENSION_ORIGIN = 'chrome-extension://engram-test/';

export const { dispatch, protocol, registerHandlers, RejectedMessage } = real;

export const sendMessage = ((type: real.MessageType, data: unknown) =>
  real.dispatch(
    type,
    data,
    { url: `${EXTENSION_ORIGIN}options.html` },
    handlers,
    EXTENSION_ORIGIN,
  )) as typeof real.sendMessage;

/** happy-dom lays nothing out; the virtualized list needs a viewport to render rows into. */
export function giveElementsASize(height = 800, width = 1000): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => width });
}
