// Sending, receiving and checking the messages of the protocol map (lib/protocol.ts): the background validates
// every request on receipt (STYLE.md, absorb 4).
import { messenger } from './messenger';
import { protocol, type Caller, type MessageType, type Reply, type Request } from './protocol';
import { RejectedMessage } from './rejected';

/** What the browser says about a message's sender; the sender cannot forge it (#11 checks tab and frame). */
export interface Sender {
  url?: string;
  tab?: { id?: number; incognito?: boolean; url?: string };
  frameId?: number;
  documentId?: string;
}

export type Handlers = { [K in MessageType]: (data: Request<K>, sender: Sender) => Promise<Reply<K>> };

/** The only way any context sends a message (lint: no direct runtime.sendMessage). */
export const sendMessage = messenger.sendMessage;

export { RejectedMessage };

/** Validates the sender and the payload, then runs the plain handler. Exported for direct tests. */
export async function dispatch<K extends MessageType>(
  type: K,
  raw: unknown,
  sender: Sender,
  handlers: Handlers,
  extensionOrigin: string,
): Promise<Reply<K>> {
  const caller: Caller = sender.url?.startsWith(extensionOrigin) ? 'extension' : 'page';
  const allowed: readonly Caller[] = protocol[type].callers;
  if (!allowed.includes(caller)) throw new RejectedMessage(`${type} is not allowed from a ${caller}`);
  const parsed = protocol[type].request.safeParse(raw);
  if (!parsed.success) throw new RejectedMessage(`${type}: invalid request: ${parsed.error.message}`);
  return handlers[type](parsed.data as Request<K>, sender);
}

export function registerHandlers(handlers: Handlers, extensionOrigin: string): () => void {
  const removers = (Object.keys(protocol) as MessageType[]).map((type) =>
    messenger.onMessage(type, (message) =>
      dispatch(type, message.data, message.sender, handlers, extensionOrigin),
    ),
  );
  return () => removers.forEach((remove) => remove());
}

/** For a context that answers only some messages (the offscreen document): same checks as `dispatch`. */
export function listenFor<K extends MessageType>(
  type: K,
  handler: (data: Request<K>) => Promise<Reply<K>>,
  extensionOrigin: string,
): () => void {
  const run = async (raw: unknown, url: string | undefined): Promise<unknown> => {
    if (!url?.startsWith(extensionOrigin)) throw new RejectedMessage(`${type}: not from the extension`);
    const parsed = protocol[type].request.safeParse(raw);
    if (!parsed.success) throw new RejectedMessage(`${type}: invalid request: ${parsed.error.message}`);
    return handler(parsed.data as Request<K>);
  };
  const untyped = messenger.onMessage as (
    t: string,
    cb: (m: { data: unknown; sender: Sender }) => unknown,
  ) => () => void;
  return untyped(type, (message) => run(message.data, message.sender.url));
}
