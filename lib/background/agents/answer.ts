// How the background answers a desktop agent's call (#27): only with the switch on; with "Ask me each time" on,
// a search or a list waits for the person first (./consent.ts); every call is noted for Options → Desktop apps.
// On Chrome the offscreen document holds the sockets and asks in two steps (startCall, then finishAsk when the
// person is asked); Firefox's background page holds them and calls `answerCall`.
import type { Call } from '../../agents/wire';
import type { AgentCallReply, AgentOutcome } from '../../model/agents';
import { readSettings } from '../../settings';
import { readAgents, recordAsked, type StoredAgents } from '../../store/agents';
import { memoryIndex } from '../recall/memory-index';
import { pastReady } from '../recall/past-index';
import { askWindowClosed, awaitAsk, openAsk } from './consent';
import { listForAgent, rememberForAgent, searchMemory } from './agent-tools';

export const SAY = {
  off: "Engram's Desktop apps switch is off: the person can switch it on in Engram's Options → Desktop apps.",
  notAllowed:
    'The person did not allow this in Engram (they were asked, and said no or did not answer in 30 s).',
  failed: 'Engram could not answer this call: try again in a moment.',
};

export { askWindowClosed };

interface Req {
  port: number;
  call: Call;
}

const agentName = (call: Call) => call.agent.name || 'an MCP client';

function whatOf(call: Call): string {
  if (call.tool === 'search_memory') return call.args.query;
  if (call.tool === 'remember') return call.args.text;
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

const asked = new Map<string, Req>();

/** The answer, or the id of the question now put to the person. */
export async function startCall(req: Req): Promise<AgentCallReply> {
  const agents = await readAgents();
  if (!agents.enabled || !agents.secret) {
    await note(req, 'refused: switched off');
    return { ok: false, message: SAY.off };
  }
  if (!agents.askEachTime || req.call.tool === 'remember') return guarded(req, agents);
  const { id } = openAsk({ agent: agentName(req.call), tool: req.call.tool, what: whatOf(req.call) });
  asked.set(id, req);
  return { ask: id };
}

/** After the person answered (or did not, in time). */
export async function finishAsk(id: string): Promise<AgentOutcome> {
  const req = asked.get(id);
  const allow = await awaitAsk(id);
  asked.delete(id);
  if (!req) return { ok: false, message: SAY.notAllowed };
  if (!allow) {
    await note(req, 'not allowed');
    return { ok: false, message: SAY.notAllowed };
  }
  // The switch may have gone off while the person was asked.
  const agents = await readAgents();
  return agents.enabled ? guarded(req, agents) : { ok: false, message: SAY.off };
}

/**
 * A server just paired: the memory index and the past-chat index open now, not on the agent's first call, which
 * must answer within 5 s (the past index takes seconds to open after a browser start).
 */
export function warmForAgents(): void {
  void (async () => {
    const settings = await readSettings();
    await Promise.all([memoryIndex.warm(), settings.recall.rawTurns ? pastReady() : undefined]);
  })().catch(() => undefined);
}

/** Both steps in one, for a link in the background itself (Firefox). */
export async function answerCall(call: Call, port: number, waiting: () => void): Promise<AgentOutcome> {
  const first = await startCall({ port, call });
  if (!('ask' in first)) return first;
  waiting();
  return finishAsk(first.ask);
}
