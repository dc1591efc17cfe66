// What the background (the service worker) answers: every request and who may send it, validated on receipt
// before any handler runs. Senders use ./send.ts, the typed sender alone; the offscreen document, a chat tab and
// the preview frame answer their own maps (./offscreen.ts, ./tab.ts, ./frame.ts).
import { defineExtensionMessaging } from '@webext-core/messaging';
import * as M from '../model/messages';
import * as P from '../model/provider';
import * as W from '../model/webllm';
import * as C from '../model/chrome-model';
import * as S from '../model/semantic';
import * as Y from '../model/sync';
import * as X from '../model/past';
import * as A from '../model/agents';
import {
  dispatchIn,
  listen,
  type HandlersOf,
  type OnMessage,
  type Protocol,
  type ReplyOf,
  type RequestOf,
  type Sender,
  type SenderMap,
} from './protocol';

/** `callers` says who may send it: a content script runs beside a page we do not trust. */
export const backgroundProtocol = {
  // A capture must match its sender's tab (lib/background/shared/sender.ts); no extension page sends one.
  captureTurns: { request: M.CaptureRequest, reply: M.CaptureReply, callers: ['page'] },
  // Memory text goes only to extension pages: no content script may ask for it, whatever it claims (#11).
  getMemoryBlock: { request: M.BlockRequest, reply: M.BlockReply, callers: ['extension'] },
  addMemory: { request: M.NewMemory, reply: M.Memory, callers: ['extension'] },
  deleteMemory: { request: M.MemoryId, reply: M.Ok, callers: ['extension'] },
  reportCaptureStatus: { request: M.CaptureStatus, reply: M.Ok, callers: ['page'] },
  // Private chats (#34): a page asks what the background keeps of one of its chats, and says one is private, which
  // removes all Engram kept of it. Each claim must match its sender's tab, site and origin.
  privacyMark: { request: M.ChatRef, reply: M.PrivacyMarkReply, callers: ['page'] },
  forgetPrivateChat: { request: M.ChatRef, reply: M.Ok, callers: ['page'] },
  getCaptureStatus: { request: M.TabQuery, reply: M.MaybeCaptureStatus, callers: ['extension'] },
  // A chat page asks when it starts whether its site is on (#24); the site is its sender's, not a claim.
  siteSwitch: { request: M.Empty, reply: M.SiteSwitch, callers: ['page'] },
  importChunk: { request: M.ImportChunk, reply: M.ImportChunkReply, callers: ['extension'] },
  importVendorMemories: { request: M.TabQuery, reply: M.VendorImportReply, callers: ['extension'] },
  // Extraction (#4): provider settings (the key is write-only), prompt versions, the job queue.
  saveProvider: { request: P.SaveProvider, reply: M.Ok, callers: ['extension'] },
  getProviderStatus: { request: P.ExtractNow, reply: P.ProviderStatus, callers: ['extension'] },
  testProvider: { request: P.TestProvider, reply: P.TestResult, callers: ['extension'] },
  setPromptVersions: { request: P.PromptVersions, reply: M.Ok, callers: ['extension'] },
  extractNow: { request: P.ExtractNow, reply: P.ExtractNowReply, callers: ['extension'] },
  retryJob: { request: M.JobId, reply: M.Ok, callers: ['extension'] },
  // WebLLM (#4, #35): the options page asks the background to download or delete a model's weights; the
  // offscreen document reports the download. The model itself is asked in the offscreen document (./offscreen.ts).
  webllmLoad: { request: W.WebLlmModel, reply: M.Ok, callers: ['extension'] },
  webllmDelete: { request: W.WebLlmModel, reply: M.Ok, callers: ['extension'] },
  webllmProgress: { request: W.WebLlmDownload, reply: M.Ok, callers: ['extension'] },
  // Chrome's built-in model (#35): what it can do here, and the download the person starts.
  chromeModelStatus: { request: M.Empty, reply: C.ChromeModelStatus, callers: ['extension'] },
  chromeModelDownload: { request: M.Empty, reply: M.Ok, callers: ['extension'] },
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
  // The past-turn index's size and progress (#13), for the options page and bench:past.
  getPastIndexStats: { request: M.Empty, reply: X.PastIndexStats, callers: ['extension'] },
  // The semantic tier's state for Settings (#5): on or why not, how many memories have vectors.
  getSemanticStatus: { request: M.Empty, reply: S.SemanticStatus, callers: ['extension'] },
  // The preview frame on a chat page (entrypoints/preview) reaches its own tab through the background, which
  // knows the tab from the sender: Firefox gives an extension frame made by a content script no `tabs` API.
  // Only the frame the background registered for that tab is answered (lib/background/preview/preview-frames.ts, #11).
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
  // The popup or Options opened (#28): a sync starts when the last pull is older than a minute; not awaited.
  syncIfStale: { request: M.Empty, reply: M.Ok, callers: ['extension'] },
  syncDisconnect: { request: M.Empty, reply: M.Ok, callers: ['extension'] },
  // A new key under a new passphrase (#25): Remove a device, a new passphrase, or the end of Delete everything.
  syncRotate: { request: Y.SyncRotate, reply: Y.SyncStatus, callers: ['extension'] },
  resolveConflict: { request: Y.ResolveConflict, reply: M.Memory, callers: ['extension'] },
  // Desktop apps (#27): Options reads and sets the switch and makes a new secret, shown once in its reply; the
  // offscreen document (Chrome), which holds the sockets, relays each call and reports who is connected; the
  // consent window asks and answers. Each handler also checks which extension page sent it
  // (lib/background/agents/agent-handlers.ts): never a content script, and the calls only from the offscreen document.
  getAgents: { request: M.Empty, reply: A.AgentSettingsView, callers: ['extension'] },
  setAgents: { request: A.AgentSettingsPatch, reply: A.AgentSettingsView, callers: ['extension'] },
  newAgentSecret: { request: M.Empty, reply: A.NewSecretReply, callers: ['extension'] },
  agentCall: { request: A.AgentCallRequest, reply: A.AgentCallReply, callers: ['extension'] },
  agentAwait: { request: A.AskId, reply: A.AgentOutcome, callers: ['extension'] },
  agentLinkStatus: { request: A.LinksReport, reply: M.Ok, callers: ['extension'] },
  agentAskShow: { request: A.AskId, reply: A.MaybeAskView, callers: ['extension'] },
  agentAskAnswer: { request: A.AskAnswer, reply: M.Ok, callers: ['extension'] },
} as const satisfies Protocol;

type Background = typeof backgroundProtocol;
export type MessageType = keyof Background;
export type Request<K extends MessageType> = RequestOf<Background, K>;
export type Reply<K extends MessageType> = ReplyOf<Background, K>;
/** What ./send.ts types its sender with. */
export type BackgroundMap = SenderMap<Background>;
export type BackgroundHandlers = HandlersOf<Background>;
/** One area's handlers (lib/background/<area>/<area>-handlers.ts); lib/background/handlers.ts composes them. */
export type HandlersFor<K extends MessageType> = Pick<BackgroundHandlers, K>;

/** Validates the sender and the payload, then runs the plain handler. Exported for direct tests. */
export function dispatch<K extends MessageType>(
  type: K,
  raw: unknown,
  sender: Sender,
  handlers: BackgroundHandlers,
  extensionOrigin: string,
): Promise<Reply<K>> {
  return dispatchIn(backgroundProtocol, type, raw, sender, handlers, extensionOrigin);
}

const messenger = defineExtensionMessaging<BackgroundMap>();

/** The background answers every message of its map; returns the stop. */
export function registerHandlers(handlers: BackgroundHandlers, extensionOrigin: string): () => void {
  return listen(backgroundProtocol, handlers, extensionOrigin, messenger.onMessage as OnMessage);
}
