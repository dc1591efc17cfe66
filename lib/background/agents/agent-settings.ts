// Options → Desktop apps (#27): the switch and its options, and the pairing secret. A new secret replaces the old
// one at once: every server paired with the old one is disconnected and refused from then on. Changes are stored
// one after the other, each reading what the one before wrote (#34 item 10): the path saved on blur and "Make a
// secret" clicked at once read the same old value, and the later write put back what the first had replaced.
import { newSecret } from '../../agents/proof';
import type { AgentSettingsPatch, AgentSettingsView } from '../../model/agents';
import { AGENTS_OFF, agentsItem, readAgents, type StoredAgents } from '../../store/agents';

const view = (a: StoredAgents): AgentSettingsView => ({
  enabled: a.enabled,
  askEachTime: a.askEachTime,
  includeScoped: a.includeScoped,
  pairedAt: a.pairedAt,
  serverPath: a.serverPath,
  nodePath: a.nodePath,
});

let writes: Promise<unknown> = Promise.resolve();

/** Runs `change` after every change made before it has been stored. */
function inTurn<T>(change: () => Promise<T>): Promise<T> {
  const next = writes.then(change, change);
  writes = next.catch(() => undefined);
  return next;
}

export async function agentsView(): Promise<AgentSettingsView> {
  return view(await readAgents());
}

export function setAgents(patch: AgentSettingsPatch): Promise<AgentSettingsView> {
  return inTurn(async () => {
    const current = await readAgents();
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const next: StoredAgents = { ...current, ...defined };
    await agentsItem.setValue(next);
    return view(next);
  });
}

/** The only time the secret leaves the background: in this reply, for Options to show once. */
export function newAgentSecret(now = new Date()): Promise<{ secret: string; pairedAt: string }> {
  return inTurn(async () => {
    const secret = newSecret();
    const pairedAt = now.toISOString();
    await agentsItem.setValue({ ...(await readAgents()), secret, pairedAt });
    return { secret, pairedAt };
  });
}

/** Delete everything (#34 item 9): the switch off, the secret gone; the paths, which hold no data, stay. */
export function forgetAgents(): Promise<void> {
  return inTurn(async () => {
    const { serverPath, nodePath } = await readAgents();
    await agentsItem.setValue({ ...AGENTS_OFF, serverPath, nodePath });
  });
}
