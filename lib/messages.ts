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
  // Memory management (#6).
  updateMemory: { request: M.MemoryPatch, reply: M.Memory, callers: ['extension'] },
  setPinned: { request: M.PinRequest, reply: M.Memory, callers: ['extension'] },
  restoreMemory: { request: M.MemoryId, reply: M.Memory, callers: ['extension'] },
  purgeMemory: { request: M.MemoryId, reply: M.Ok, callers: ['extension'] },
  bulkMemories: { request: M.BulkRequest, reply: M.BulkReply, callers: ['extension'] },
  approveMemory: { request: M.ApproveRequest, reply: M.Memory, callers: ['extension'] },
  rejectMemory: { request: M.MemoryId, reply: M.Ok, callers: ['extension'] },
  approveAllMemories: { request: M.Empty, reply: M.ApproveAllReply, callers: ['extension'] },
  deleteConversation: {
    request: M.DeleteConversationRequest,
    reply: M.DeleteConversationReply,
    callers: ['extension'],
  },
  deleteEverything: { request: M.DeleteEverythingRequest, reply: M.Ok, callers: ['extension'] },
  retryJob: { request: M.JobId, reply: M.Ok, callers: ['extension'] },
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
