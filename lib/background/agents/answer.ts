// How the background answers a desktop agent's call (#27): only with the switch on; with "Ask me each time" on,
// a search or a list waits for the person first (./consent.ts); every call is noted for Options → Desktop apps.
// On Chrome the offscreen document holds the sockets and asks in two steps (startCall, then finishAsk when the
// person is asked); Firefox's background page holds them and calls `answerCall`.
import type { Call } from '../../model/agent-wire';
import type { AgentCallReply, AgentOutcome, AskReads } from '../../model/agents';
import type { Settings } from '../../model/settings';
import { redact } from '../../pipeline/redact';
import { readSettings } from '../../settings';
import { readAgents, recordAsked, type StoredAgents } from '../../store/agents';
import { tokensWarm } from '../../tokens';
import { recallArea } from '../recall/recall-area';
import { askWindowClosed, awaitAsk, openAsk } from './consent';
import { listForAgent, rememberForAgent, searchMemory } from './agent-tools';

export const SAY = {
  off: "Engram's Desktop apps switch is off: the person can switch it on in Engram's Options → Desktop apps.",
  notAllowed:
    'The person did not allow this in Engram (they were asked, and said no or did not answer in 30 s).',
  failed: 'Engram could not answer this call: try again in a moment.',
  tooMany:
    'Engram has asked the person about several calls from this app in the last minute, or some still wait: try again in a minute.',
};

export { askWindowClosed };

interface Req {
  port: number;
  call: Call;
}

const agentName = (call: Call) => call.agent.name || 'an MCP client';

/**
 * What the call asked, as Options' log and the consent window show it: redacted always (#34 item 9), since an
 * app's query or proposed memory may hold a key it read somewhere, and the log is kept until the browser closes.
 */
function whatOf(call: Call): string {
  if (call.tool === 'search_memory') return redact(call.args.query).text;
  if (call.tool === 'remember') return redact(call.args.text).text;
  return [call.args.type ?? 'all types', `up to ${call.args.limit ?? 50}`].join(', ');
}

function note(req: Req, outcome: string): Promise<void> {
  const { call, port } = req;
  const what = whatOf(call).slice(0, 300);
  return recordAsked({
    at: new Date().toISOString(),
    port,
    agent: agentName(call),
    tool: call.tool,
    what,
    outcome,
  });
}

async function run(req: Req, agents: StoredAgents): Promise<AgentOutcome> {
  const settings = await readSettings();
  const allowed = { includeScoped: agents.includeScoped };
  const { call } = req;
  if (call.tool === 'search_memory') {
    const data = await searchMemory(call.args, settings, allowed);
    await note(req, `answered: ${data.lines.length} lines`);
    return { ok: true, data };
  }
  if (call.tool === 'list_memories') {
    const data = await listForAgent(call.args, settings, allowed);
    await note(req, `answered: ${data.memories.length} memories`);
    return { ok: true, data };
  }
  const data = await rememberForAgent(call.args, agentName(call), settings);
  await note(req, typeof data === 'string' ? 'refused: Review is full' : 'waiting in Review');
  return typeof data === 'string' ? { ok: false, message: data } : { ok: true, data };
}

async function guarded(req: Req, agents: StoredAgents): Promise<AgentOutcome> {
  try {
    return await run(req, agents);
  } catch {
    await note(req, 'failed').catch(() => undefined);
    return { ok: false, message: SAY.failed };
  }
}

/**
 * Each call waiting on the person, by its own id: calls asking the same thing share one question; or on work that
 * outlasts a call's 5 s (`work`), which the app is told to wait for as it waits for the person.
 */
const waiting = new Map<string, { req: Req; question: string; work?: () => Promise<AgentOutcome> }>();

/**
 * `remember` counts its text's tokens, and after a worker start the encoder is built first: 4.4–5.2 s at load ~12
 * on 2 cores, so the call ran out of time (seen in test/e2e/mcp.e2e.ts). The app is told to wait, and the work
 * starts only when the relay asks for the answer (finishAsk), after it said so: the build holds the worker's
 * thread, and begun here it could hold up the reply that makes the app wait. Not built ahead (when an app pairs):
 * every call in those seconds would wait behind it.
 */
function slow(req: Req, agents: StoredAgents): AgentCallReply {
  const id = crypto.randomUUID();
  waiting.set(id, { req, question: '', work: () => guarded(req, agents) });
  return { ask: id };
}

/** What the call may read if allowed, as the consent window says it. */
function readsOf(call: Call, agents: StoredAgents, settings: Settings): AskReads {
  return {
    scoped: agents.includeScoped,
    pastChats: call.tool === 'search_memory' && settings.recall.rawTurns,
    redacted: settings.privacy.redact,
  };
}

/** The answer, or the id to wait on while the person is asked. */
export async function startCall(req: Req): Promise<AgentCallReply> {
  const agents = await readAgents();
  if (!agents.enabled || !agents.secret) {
    await note(req, 'refused: switched off');
    return { ok: false, message: SAY.off };
  }
  if (req.call.tool === 'remember') return tokensWarm() ? guarded(req, agents) : slow(req, agents);
  if (!agents.askEachTime) return guarded(req, agents);
  const reads = readsOf(req.call, agents, await readSettings());
  const view = { agent: agentName(req.call), tool: req.call.tool, what: whatOf(req.call), reads };
  const asked = openAsk(req.port, view);
  if ('refused' in asked) {
    await note(req, 'refused: too many questions');
    return { ok: false, message: SAY.tooMany };
  }
  const id = crypto.randomUUID();
  waiting.set(id, { req, question: asked.id });
  return { ask: id };
}

/** Test seam: the question a waiting call is part of (what the consent window shows). */
export const questionOf = (id: string) => waiting.get(id)?.question ?? '';

/** After the person answered (or did not, in time). */
export async function finishAsk(id: string): Promise<AgentOutcome> {
  const call = waiting.get(id);
  if (call?.work) {
    waiting.delete(id);
    return call.work();
  }
  const allow = call ? await awaitAsk(call.question) : false;
  waiting.delete(id);
  if (!call) return { ok: false, message: SAY.notAllowed };
  if (!allow) {
    await note(call.req, 'not allowed');
    return { ok: false, message: SAY.notAllowed };
  }
  // The switch may have gone off while the person was asked.
  const agents = await readAgents();
  return agents.enabled ? guarded(call.req, agents) : { ok: false, message: SAY.off };
}

/**
 * A server just paired: the memory index and the past-chat index open now, not on the agent's first call, which
 * must answer within 5 s (the past index takes seconds to open after a browser start).
 */
export function warmForAgents(): void {
  void (async () => {
    const settings = await readSettings();
    const area = recallArea();
    await Promise.all([area.memories.warm(), settings.recall.rawTurns ? area.pastIndex.ready() : undefined]);
  })().catch(() => undefined);
}

/** Both steps in one, for a link in the background itself (Firefox). */
export async function answerCall(call: Call, port: number, waiting: () => void): Promise<AgentOutcome> {
  const first = await startCall({ port, call });
  if (!('ask' in first)) return first;
  waiting();
  return finishAsk(first.ask);
}
