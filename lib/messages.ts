// One protocol map for every cross-context message. Request and reply types are inferred from the zod
// schemas in lib/model/messages.ts; the background validates every request on receipt (STYLE.md, absorb 4).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod/mini';
import * as M from './model/messages';

type Caller = 'page' | 'extension';

/** `callers` says who may send it: a content script runs beside a page we do not trust. */
export const protocol = {
  captureTurns: { request: M.CaptureRequest, reply: M.CaptureReply, callers: ['page', 'extension'] },
  getMemoryBlock: { request: M.BlockRequest, reply: M.BlockReply, callers: ['page', 'extension'] },
  addMemory: { request: M.NewMemory, reply: M.Memory, callers: ['extension'] },
  deleteMemory: { request: M.MemoryId, reply: M.Ok, callers: ['extension'] },
  recallPreview: { request: M.RecallRequest, reply: M.RecallReply, callers: ['page', 'extension'] },
  offerCount: { request: M.OfferRequest, reply: M.OfferReply, callers: ['page'] },
  warmRecall: { request: M.Ok, reply: M.Ok, callers: ['page', 'extension'] },
} as const satisfies Record<
  string,
  { request: z.ZodMiniType; reply: z.ZodMiniType; callers: readonly Caller[] }
>;

type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type Request<K extends MessageType> = z.output<Protocol[K]['request']>;
export type Reply<K extends MessageType> = z.output<Protocol[K]['reply']>;
export type ProtocolMap = { [K in MessageType]: (data: z.input<Protocol[K]['request']>) => Reply<K> };

export interface Sender {
  url?: string;
  tab?: { id?: number; incognito?: boolean };
}

export type Handlers = { [K in MessageType]: (data: Request<K>, sender: Sender) => Promise<Reply<K>> };

const messenger = defineExtensionMessaging<ProtocolMap>();

/** The only way any context sends a message (lint: no direct runtime.sendMessage). */
export const sendMessage = messenger.sendMessage;

export class RejectedMessage extends Error {}

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

// Messages into a chat tab's content script, from the background (the shortcut) or the popup. Only the
// extension itself can reach a content script this way; the page cannot. The content script still parses
// what it gets (entrypoints/chat.content).
interface TabProtocolMap {
  openInsertPreview: () => z.output<typeof M.Ok>;
  pageContext: () => z.output<typeof M.PageContext> | null;
  insertText: (data: z.input<typeof M.InsertTextRequest>) => z.output<typeof M.InsertTextReply>;
}

const tabMessenger = defineExtensionMessaging<TabProtocolMap>();

/** sendToTab(type, data, tabId) */
export const sendToTab = tabMessenger.sendMessage;
export const onTabMessage = tabMessenger.onMessage;
