// What every receiver's protocol map is made of, and the check a receiver runs before any handler: who sent
// the message (a content script runs beside a page we do not trust) and whether the payload parses. Request
// and reply types are inferred from the zod schemas in lib/model (docs/architecture.md).
import type { z } from 'zod/mini';
import { RejectedMessage } from './rejected';

export type Caller = 'page' | 'extension';

/** What the browser says about a message's sender; the sender cannot forge it (#11 checks tab and frame). */
export interface Sender {
  /** The sending extension's id. */
  id?: string;
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
/**
 * A receiver's request schemas alone, for a map answered in a context that bundles no reply schema: a chat tab's
 * replies are page data, validated by whoever asked (./tab-replies.ts), and chat.js has 50 kB.
 */
export type Requests = Record<string, z.ZodMiniType>;

/** The receiving extension: its id and its origin (runtime.getURL('/')). */
export interface Self {
  id: string;
  origin: string;
}

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

/** A page of this extension (the background, the popup), never a page or another extension. */
export const fromExtension = (sender: Sender, self: Self): boolean =>
  sender.id === self.id && callerOf(sender, self.origin) === 'extension';

/** The request as its schema parses it, or a refusal: no handler sees what the schema does not accept. */
export function parseRequest<S extends z.ZodMiniType>(type: string, schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new RejectedMessage(`${type}: invalid request: ${parsed.error.message}`);
  return parsed.data;
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
  return handlers[type](parseRequest(type, route.request, raw) as RequestOf<P, K>, sender);
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

/**
 * Answers one message of `requests` with `handle`, for the senders `admits` alone and with the request its schema
 * parsed; anything else is refused (the sender's promise rejects) and `handle` never runs. Returns the stop.
 */
export function receive<R extends Requests, K extends keyof R & string, Reply>(
  requests: R,
  type: K,
  admits: (sender: Sender) => boolean,
  handle: (data: z.output<R[K]>) => Reply | Promise<Reply>,
  onMessage: OnMessage,
): () => void {
  return onMessage(type, ({ data, sender }) => {
    if (!admits(sender))
      throw new RejectedMessage(`${type} is not allowed from ${sender.url ?? 'an unknown sender'}`);
    return handle(parseRequest(type, requests[type] as R[K], data));
  });
}
