// One protocol map for every cross-context message. Request and reply types are inferred from the zod
// schemas in lib/model/messages.ts; the background validates every request on receipt (STYLE.md, absorb 4).
import type { z } from 'zod/mini';
import * as M from './model/messages';
import { messenger } from './messenger';
import { RejectedMessage } from './rejected';
import * as P from './model/provider';
import * as W from './model/webllm';
import * as S from './model/semantic';
import * as Y from './model/sync';
import * as X from './model/past';

type Caller = 'page' | 'extension';

/** `callers` says who may send it: a content script runs beside a page we do not trust. */
export const protocol = {
  // A capture must match its sender's tab (lib/background/sender.ts); no extension page sends one.
  captureTurns: { request: M.CaptureRequest, reply: M.CaptureReply, callers: ['page'] },
  // Memory text goes only to extension pages: no content script may ask for it, whatever it claims (#11).
  getMemoryBlock: { request: M.BlockRequest, reply: M.BlockReply, callers: ['extension'] },
  addMemory: { request: M.NewMemory, reply: M.Memory, callers: ['extension'] },
  deleteMemory: { request: M.MemoryId, reply: M.Ok, callers: ['extension'] },
  reportCaptureStatus: { request: M.CaptureStatus, reply: M.Ok, callers: ['page'] },
  getCaptureStatus: { request: M.TabQuery, reply: M.MaybeCaptureStatus, callers: ['extension'] },
  importChunk: { request: M.ImportChunk, reply: M.ImportChunkReply, callers: ['extension'] },
  importVendorMemories: { request: M.TabQuery, reply: M.VendorImportReply, callers: ['extension'] },
  // Extraction (#4): provider settings (the key is write-only), prompt versions, the job queue.
  saveProvider: { request: P.SaveProvider, reply: M.Ok, callers: ['extension'] },
  getProviderStatus: { request: P.ExtractNow, reply: P.ProviderStatus, callers: ['extension'] },
  testProvider: { request: P.TestProvider, reply: P.TestResult, callers: ['extension'] },
  setPromptVersions: { request: P.PromptVersions, reply: M.Ok, callers: ['extension'] },
  extractNow: { request: P.ExtractNow, reply: P.ExtractNowReply, callers: ['extension'] },
  retryJob: { request: M.JobId, reply: M.Ok, callers: ['extension'] },
  // WebLLM (#4): options -> background (load), background -> offscreen (prepare, complete), offscreen ->
  // background (progress). The offscreen document answers its two with `listenInOffscreen`.
  webllmLoad: { request: W.WebLlmModel, reply: M.Ok, callers: ['extension'] },
  webllmPrepare: { request: W.WebLlmModel, reply: M.Ok, callers: ['extension'] },
  webllmComplete: { request: W.WebLlmComplete, reply: W.WebLlmReply, callers: ['extension'] },
  webllmProgress: { request: W.WebLlmProgress, reply: M.Ok, callers: ['extension'] },
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
  // Memory lines go only to extension pages (the popup, the preview frame): since the in-page preview moved into
  // an extension frame, no content script needs them, so none may ask (#5).
  recallPreview: { request: M.RecallRequest, reply: M.RecallReply, callers: ['extension'] },
  offerCount: { request: M.OfferRequest, reply: M.OfferReply, callers: ['page'] },
  warmRecall: { request: M.Ok, reply: M.Ok, callers: ['page', 'extension'] },
  // The past-turn index (#13): background -> offscreen document (Chrome), which forwards to its worker; its
  // size and progress for the options page and bench:past.
  pastIndex: { request: X.PastOp, reply: X.PastReply, callers: ['extension'] },
  getPastIndexStats: { request: M.Empty, reply: X.PastIndexStats, callers: ['extension'] },
  // The semantic tier's state for Settings (#5): on or why not, how many memories have vectors.
  getSemanticStatus: { request: M.Empty, reply: S.SemanticStatus, callers: ['extension'] },
  // The preview frame on a chat page (entrypoints/preview) reaches its own tab through the background, which
  // knows the tab from the sender: Firefox gives an extension frame made by a content script no `tabs` API.
  // Only the frame the background registered for that tab is answered (lib/background/preview-frames.ts, #11).
  previewInsertText: { request: M.InsertTextRequest, reply: M.InsertTextReply, callers: ['extension'] },
  previewClose: { request: M.Empty, reply: M.Ok, callers: ['extension'] },
  // The registry (#11): the content script asks for a token for its frame and, on a real click or key, asks
  // the background to open or close that frame; the frame presents its token once.
  previewRegister: { request: M.Empty, reply: M.PreviewToken, callers: ['page'] },
  previewShow: { request: M.PreviewShow, reply: M.Ok, callers: ['page'] },
  previewHide: { request: M.Empty, reply: M.Ok, callers: ['page'] },
  previewHello: { request: M.PreviewToken, reply: M.PreviewHelloReply, callers: ['extension'] },
  // Sync (#15): storage credentials and the passphrase go in and never come back out; extension pages only.
  syncConnect: { request: Y.SyncConnect, reply: Y.SyncStatus, callers: ['extension'] },
  syncNow: { request: M.Empty, reply: Y.SyncStatus, callers: ['extension'] },
  getSyncStatus: { request: M.Empty, reply: Y.SyncStatus, callers: ['extension'] },
  syncDisconnect: { request: M.Empty, reply: M.Ok, callers: ['extension'] },
  // A new key under a new passphrase (#25): Remove a device, a new passphrase, or the end of Delete everything.
  syncRotate: { request: Y.SyncRotate, reply: Y.SyncStatus, callers: ['extension'] },
  resolveConflict: { request: Y.ResolveConflict, reply: M.Memory, callers: ['extension'] },
} as const satisfies Record<
  string,
  { request: z.ZodMiniType; reply: z.ZodMiniType; callers: readonly Caller[] }
>;

type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type Request<K extends MessageType> = z.output<Protocol[K]['request']>;
export type Reply<K extends MessageType> = z.output<Protocol[K]['reply']>;
export type ProtocolMap = { [K in MessageType]: (data: z.input<Protocol[K]['request']>) => Reply<K> };

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
