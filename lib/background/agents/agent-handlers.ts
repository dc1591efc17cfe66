// Desktop apps (#27): Options' switch and secret, the offscreen document's relay of each call and report of who
// is connected, and the consent window. Each message says which extension page may send it: the calls and the
// report only the offscreen document, the consent only its own window, and none of them a preview frame (an
// extension page inside a chat page) or a content script.
import type { HandlersFor } from '../../messaging/background';
import type { Sender } from '../../messaging/protocol';
import { RejectedMessage } from '../../messaging/rejected';
import { recordReport } from '../../store/agents';
import { finishAsk, startCall, warmForAgents } from './answer';
import { answerAsk, askView } from './consent';
import { agentsView, newAgentSecret, setAgents } from './agent-settings';
import { agentsApplied } from './agent-links';

type AgentMessages =
  | 'getAgents'
  | 'setAgents'
  | 'newAgentSecret'
  | 'agentCall'
  | 'agentAwait'
  | 'agentLinkStatus'
  | 'agentAskShow'
  | 'agentAskAnswer';

/** The extension page a message came from ('/offscreen.html'), or throws. */
function mustBe(sender: Sender, ...pages: string[]): void {
  let path = '';
  try {
    path = new URL(sender.url ?? '').pathname;
  } catch {
    // no URL: refused below
  }
  if (!pages.includes(path)) throw new RejectedMessage(`not allowed from ${path || 'an unknown page'}`);
}

const OPTIONS = ['/options.html'];
const OFFSCREEN = '/offscreen.html';
const ASK = '/ask.html';

export const agentHandlers: HandlersFor<AgentMessages> = {
  getAgents: async (_, sender) => (mustBe(sender, ...OPTIONS), agentsView()),
  setAgents: async (patch, sender) => (mustBe(sender, ...OPTIONS), setAgents(patch)),
  newAgentSecret: async (_, sender) => {
    mustBe(sender, ...OPTIONS);
    const made = await newAgentSecret();
    // The secret shown is the secret in force (#34 item 10): an app started the moment it appears pairs at once.
    await agentsApplied();
    return made;
  },
  agentCall: async (req, sender) => (mustBe(sender, OFFSCREEN), startCall(req)),
  agentAwait: async ({ ask }, sender) => (mustBe(sender, OFFSCREEN), finishAsk(ask)),
  agentLinkStatus: async (report, sender) => {
    mustBe(sender, OFFSCREEN);
    await recordReport(report);
    if (report.links.length > 0) warmForAgents();
    return { ok: true };
  },
  agentAskShow: async ({ ask }, sender) => (mustBe(sender, ASK), askView(ask)),
  agentAskAnswer: async ({ ask, allow }, sender) => {
    mustBe(sender, ASK);
    answerAsk(ask, allow);
    return { ok: true };
  },
};
