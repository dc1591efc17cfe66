// The sockets to engram-mcp servers, held in the offscreen document on Chrome (#27): it outlives the service
// worker, which MV3 stops after ~30 s idle, taking any socket it holds with it. A call that arrives here is sent
// to the background as a runtime message, which wakes a stopped worker (bench:mcp measures the cold answer).
import type { OffscreenHandlers } from '../messaging/offscreen';
import { sendMessage } from '../messaging/send';
import type { Answer } from '../agents/connection';
import { AgentLinks } from '../agents/links';

const answer: Answer = async (call, port, waiting) => {
  const first = await sendMessage('agentCall', { port, call });
  if (!('ask' in first)) return first;
  waiting();
  return sendMessage('agentAwait', first);
};

const links = new AgentLinks(
  (url) => new WebSocket(url),
  answer,
  (report) => void sendMessage('agentLinkStatus', report).catch(() => undefined),
);

export const agentHandlers: Pick<OffscreenHandlers, 'agentsConfigure'> = {
  agentsConfigure: async ({ secret }) => {
    await links.configure(secret);
    return { ok: true };
  },
};
