// A receiver's onMessage without a browser: WXT's fake browser calls listeners without sendResponse, so a reply
// or a refusal could not be seen. `deliver` answers as @webext-core/messaging does: the handler's value, or its
// thrown refusal as a rejection at the sender.
import type { OnMessage, Sender } from '../../lib/messaging/protocol';

type Listener = Parameters<OnMessage>[1];

export function messageBus() {
  const listeners = new Map<string, Listener>();
  const onMessage: OnMessage = (type, cb) => {
    listeners.set(type, cb);
    return () => listeners.delete(type);
  };
  const deliver = async (type: string, data: unknown, sender: Sender): Promise<unknown> => {
    const listener = listeners.get(type);
    if (!listener) throw new Error(`nothing listens for ${type}`);
    return listener({ data, sender });
  };
  return { onMessage, deliver, listening: () => [...listeners.keys()] };
}

export const SELF = { id: 'abc', origin: 'chrome-extension://abc/' };
/** The background's service worker (Chrome): no tab. */
export const BACKGROUND: Sender = { id: SELF.id, url: `${SELF.origin}background.js` };
/** The popup, opened in a tab as the e2e tests open it. */
export const POPUP_IN_TAB: Sender = { id: SELF.id, url: `${SELF.origin}popup.html?tab=3`, tab: { id: 4 } };
/** A chat page's content script. */
export const PAGE: Sender = { id: SELF.id, url: 'https://chatgpt.com/c/1', tab: { id: 3 } };
export const OTHER_EXTENSION: Sender = { id: 'other', url: 'chrome-extension://other/background.js' };
