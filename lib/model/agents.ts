// Desktop apps (#27): what Options, the offscreen document and the consent window send the background about the
// engram-mcp link, and what the background keeps. The wire between the extension and a server is in
// lib/model/agent-wire.ts; these are the extension's own messages.
import { z } from 'zod/mini';
import { Agent, Call, ResultData } from './agent-wire';

/** What Options shows and changes; the secret itself is never in it (shown once, by `newAgentSecret`). */
export const AgentSettingsView = z.object({
  enabled: z.boolean(),
  askEachTime: z.boolean(),
  /** Memories kept to one site or project are offered to agents only with this on. */
  includeScoped: z.boolean(),
  pairedAt: z.nullable(z.string()),
  /** Where engram-mcp.js is on this computer, to fill the configuration Options shows. */
  serverPath: z.string(),
  /** Where node is: the configuration names it in full (#34 item 10). */
  nodePath: z.string(),
});
export type AgentSettingsView = z.infer<typeof AgentSettingsView>;

export const AgentSettingsPatch = z.object({
  enabled: z.optional(z.boolean()),
  askEachTime: z.optional(z.boolean()),
  includeScoped: z.optional(z.boolean()),
  serverPath: z.optional(z.string().check(z.maxLength(1000))),
  nodePath: z.optional(z.string().check(z.maxLength(1000))),
});
export type AgentSettingsPatch = z.infer<typeof AgentSettingsPatch>;

export const NewSecretReply = z.object({ secret: z.string(), pairedAt: z.string() });

/** The offscreen document's link asks the background to answer a server's call (Chrome). */
export const AgentCallRequest = z.object({ port: z.number().check(z.int()), call: Call });
export const AgentOutcome = z.union([
  z.object({ ok: z.literal(true), data: ResultData }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type AgentOutcome = z.infer<typeof AgentOutcome>;
/** An answer, or the id of the question put to the person (Ask me each time), to wait on with `agentAwait`. */
export const AgentCallReply = z.union([AgentOutcome, z.object({ ask: z.string() })]);
export type AgentCallReply = z.infer<typeof AgentCallReply>;
export const AskId = z.object({ ask: z.string().check(z.minLength(1), z.maxLength(100)) });

export const LinkStatus = z.object({ port: z.number(), agent: z.nullable(Agent), since: z.string() });
/**
 * Why Engram refused a server on a port (lib/agents/connection.ts), a code Options → Desktop apps words (#37); a
 * refusal stored before codes is an English line.
 */
export const RefusedWhy = z.union([
  z.object({
    code: z.enum(['slow', 'not-protocol', 'handshake-again', 'unproven', 'other-secret', 'proof-timeout']),
  }),
  z.object({ code: z.literal('oversize'), chars: z.number() }),
  z.string(),
]);
export type RefusedWhy = z.infer<typeof RefusedWhy>;
export const Refused = z.object({ port: z.number(), at: z.string(), why: RefusedWhy });
export const LinksReport = z.object({ links: z.array(LinkStatus), refused: z.array(Refused) });
export type LinksReport = z.infer<typeof LinksReport>;

/** One call an agent made, as Options lists it: who, when, which tool, what it asked, and what happened. */
export const AgentAsked = z.object({
  at: z.string(),
  port: z.number(),
  agent: z.string(),
  tool: z.enum(['search_memory', 'list_memories', 'remember']),
  what: z.string(),
  outcome: z.string(),
});
export type AgentAsked = z.infer<typeof AgentAsked>;

export const AgentsStatus = z.object({ report: LinksReport, asked: z.array(AgentAsked) });
export type AgentsStatus = z.infer<typeof AgentsStatus>;

/**
 * What an app's call may read if the person allows it (#34 item 4), as the consent window says it: memories kept to
 * one site or project (and quotes of project chats) only with Options' box ticked; quotes from past chats only for
 * a search with Settings → "Include past turns" on; redacted as inserted blocks are, when Redact secrets is on.
 */
export const AskReads = z.object({ scoped: z.boolean(), pastChats: z.boolean(), redacted: z.boolean() });
export type AskReads = z.infer<typeof AskReads>;

/** The consent window's question: which agent, which tool, what it asked, what it may read, until when it waits. */
export const AskView = z.object({
  agent: z.string(),
  tool: AgentAsked.shape.tool,
  what: z.string(),
  reads: AskReads,
  until: z.number(),
});
export type AskView = z.infer<typeof AskView>;
export const MaybeAskView = z.nullable(AskView);
export const AskAnswer = z.object({ ask: AskId.shape.ask, allow: z.boolean() });

/** The background to the offscreen document: connect with this secret, or (null) close every connection. */
export const AgentsConfigure = z.object({ secret: z.nullable(z.string().check(z.maxLength(200))) });
