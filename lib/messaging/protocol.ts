// What every receiver's protocol map is made of, and the check a receiver runs before any handler: who sent
// the message (a content script runs beside a page we do not trust) and whether the payload parses. Request
// and reply types are inferred from the zod schemas in lib/model (docs/architecture.md).
import type { z } from 'zod/mini';
import { RejectedMessage } from './rejected';

export type Caller = 'page' | 'extension';

/** What the browser says about a message's sender; the sender cannot forge it (#11 checks tab and frame). */
export interface Sender {
  url?: string;
  tab?: { id?: number; incognito?: boolean; url?: string };
  frameId?: number;
  documentId?: string;
}

/** `callers` says who may send it. */
export interface Route {
  request: z.ZodMiniType;
  reply: z.ZodMiniType;
  callers: readonly Caller[];
}
export type Protocol = Record<string, Route>;

export type RequestOf<P extends Protocol, K extends keyof P> = z.output<P[K]['request']>;
export type ReplyOf<P extends Protocol, K extends keyof P> = z.output<P[K]['reply']>;
/** How @webext-core/messaging types a sender: what the caller passes in, what comes back. */
export type SenderMap<P extends Protocol> = {
  [K in keyof P]: (data: z.input<P[K]['request']>) => ReplyOf<P, K>;
};
export type HandlersOf<P extends Protocol> = {
  [K in keyof P]: (data: RequestOf<P, K>, sender: Sender) => Promise<ReplyOf<P, K>>;
};

/** The messenger's onMessage, seen without its map: `listen` hands it validated data only. */
export type OnMessage = (
  type: string,
  cb: (message: { data: unknown; sender: Sender }) => unknown,
) => () => void;

export function callerOf(sender: Sender, extensionOrigin: string): Caller {
  return sender.url?.startsWith(extensionOrigin) ? 'extension' : 'page';
}

/** Validates the sender and the payload, then runs the plain handler. */
export async function dispatchIn<P extends Protocol, K extends keyof P & string>(
  protocol: P,
  type: K,
  raw: unknown,
  sender: Sender,
  handlers: HandlersOf<P>,
  extensionOrigin: string,
): Promise<ReplyOf<P, K>> {
  const route: Route | undefined = protocol[type];
  if (!route) throw new RejectedMessage(`${type}: no such message`);
  const caller = callerOf(sender, extensionOrigin);
  if (!route.callers.includes(caller)) throw new RejectedMessage(`${type} is not allowed from a ${caller}`);
  const parsed = route.request.safeParse(raw);
  if (!parsed.success) throw new RejectedMessage(`${type}: invalid request: ${parsed.error.message}`);
  return handlers[type](parsed.data as RequestOf<P, K>, sender);
}

/** Answers every message of `protocol` with `handlers`, each through `dispatchIn`. Returns the stop. */
export function listen<P extends Protocol>(
  protocol: P,
  handlers: HandlersOf<P>,
  extensionOrigin: string,
  onMessage: OnMessage,
): () => void {
  const removers = (Object.keys(protocol) as (keyof P & string)[]).map((type) =>
    onMessage(type, (message) =>
      dispatchIn(protocol, type, message.data, message.sender, handlers, extensionOrigin),
    ),
  );
  return () => removers.forEach((remove) => remove());
}
