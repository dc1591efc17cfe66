// The sockets to engram-mcp servers, held in the offscreen document on Chrome (#27): it outlives the service
// worker, which MV3 stops after ~30 s idle, taking any socket it holds with it. A call that arrives here is sent
// to the background as a runtime message, which wakes a stopped worker (bench:mcp measures the cold answer).
import type { OffscreenHandlers } from '../messaging/offscreen';
import { sendMessage } from '../messaging/send';
import type { Answer } from '../agents/connection';
import { AgentLinks, type LinksReport } from '../agents/links';

const answer: Answer = async (call, port, waiting) => {
  const first = await sendMessage('agentCall', { port, call });
  if (!('ask' in first)) return first;
  waiting();
  return sendMessage('agentAwait', first);
};

const report = (r: LinksReport) => void sendMessage('agentLinkStatus', r).catch(() => undefined);
const links = new AgentLinks((url) => new WebSocket(url), answer, report);

/**
 * While an app is paired, the report is sent again every 20 s: each message keeps the service worker from its
 * 30 s idle stop, and a worker that was stopped anyway (Chrome may) is woken and warms its index before the next
 * call rather than on it (bench:mcp: the 10,000-memory index is most of a cold call).
 */
const HEARTBEAT_MS = 20_000;
setInterval(() => {
  const now = links.status();
  if (now.links.length > 0) report(now);
}, HEARTBEAT_MS);

export const agentHandlers: Pick<OffscreenHandlers, 'agentsConfigure'> = {
  agentsConfigure: async ({ secret }) => {
    await links.configure(secret);
    return { ok: true };
  },
};
