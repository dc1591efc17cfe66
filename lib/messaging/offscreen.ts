// What the offscreen document answers (Chrome): the local model (#4) and the past-turn index's worker (#13),
// both asked by the background alone, which creates the document first (lib/background/shared/offscreen-host.ts).
// Its map is apart from the background's so neither receiver registers what only the other answers; every
// extension context hears runtime messages, and a receiver without a listener for a type stays silent.
import { defineExtensionMessaging } from '@webext-core/messaging';
import * as M from '../model/messages';
import * as W from '../model/webllm';
import * as X from '../model/past';
import { AgentsConfigure } from '../model/agents';
import { listen, type HandlersOf, type OnMessage, type Protocol, type SenderMap } from './protocol';

export const offscreenProtocol = {
  webllmPrepare: { request: W.WebLlmAt, reply: M.Ok, callers: ['extension'] },
  // Weights into web-llm's caches (#35): answered at once; the document reports progress as `webllmProgress`.
  webllmDownload: { request: W.WebLlmFetch, reply: M.Ok, callers: ['extension'] },
  webllmEmbed: { request: W.WebLlmEmbed, reply: W.WebLlmVectors, callers: ['extension'] },
  webllmRemove: { request: W.WebLlmAt, reply: M.Ok, callers: ['extension'] },
  webllmComplete: { request: W.WebLlmComplete, reply: W.WebLlmReply, callers: ['extension'] },
  // The past index's worker, reached through this document on Chrome (#13); Firefox's background page runs it.
  pastIndex: { request: X.PastOp, reply: X.PastReply, callers: ['extension'] },
  // Desktop apps (#27): the document holds the sockets to engram-mcp servers, since it outlives the service
  // worker; the background says whether to connect and with which secret (null: close everything).
  agentsConfigure: { request: AgentsConfigure, reply: M.Ok, callers: ['extension'] },
} as const satisfies Protocol;

type Offscreen = typeof offscreenProtocol;
export type OffscreenType = keyof Offscreen;
export type OffscreenMap = SenderMap<Offscreen>;
export type OffscreenHandlers = HandlersOf<Offscreen>;

const messenger = defineExtensionMessaging<OffscreenMap>();

/** The background's way to the document, once it exists. */
export const sendToOffscreen = messenger.sendMessage;

/** The document answers its map, validated like the background's; returns the stop. */
export function listenInOffscreen(handlers: OffscreenHandlers, extensionOrigin: string): () => void {
  return listen(offscreenProtocol, handlers, extensionOrigin, messenger.onMessage as OnMessage);
}
