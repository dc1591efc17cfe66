// Options → Desktop apps (#27): the switch and its options, and the pairing secret. A new secret replaces the old
// one at once: every server paired with the old one is disconnected and refused from then on.
import { newSecret } from '../../agents/proof';
import type { AgentSettingsPatch, AgentSettingsView } from '../../model/agents';
import { agentsItem, readAgents, type StoredAgents } from '../../store/agents';

const view = (a: StoredAgents): AgentSettingsView => ({
  enabled: a.enabled,
  askEachTime: a.askEachTime,
  includeScoped: a.includeScoped,
  pairedAt: a.pairedAt,
  serverPath: a.serverPath,
});

export async function agentsView(): Promise<AgentSettingsView> {
  return view(await readAgents());
}

export async function setAgents(patch: AgentSettingsPatch): Promise<AgentSettingsView> {
  const current = await readAgents();
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const next: StoredAgents = { ...current, ...defined };
  await agentsItem.setValue(next);
  return view(next);
}

/** The only time the secret leaves the background: in this reply, for Options to show once. */
export async function newAgentSecret(now = new Date()): Promise<{ secret: string; pairedAt: string }> {
  const secret = newSecret();
  const pairedAt = now.toISOString();
  await agentsItem.setValue({ ...(await readAgents()), secret, pairedAt });
  return { secret, pairedAt };
}
