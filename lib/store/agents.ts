// Desktop apps (#27): the switch, its options and the pairing secret, kept with the API keys in the background's
// own database (./secrets.ts), not in chrome.storage.local: in Firefox a content script can read and write
// storage.local (SECURITY.md), and so could turn the switch on, "Ask me each time" off, or read the secret.
import { storage } from 'wxt/utils/storage';
import type { AgentAsked, AgentsStatus, LinksReport } from '../model/agents';
import { trustedItem } from './secrets';

export interface StoredAgents {
  enabled: boolean;
  askEachTime: boolean;
  includeScoped: boolean;
  secret: string | null;
  pairedAt: string | null;
  serverPath: string;
  /** Where node is (#34 item 10): apps started from the dock often have no `node` on their PATH. */
  nodePath: string;
}

export const AGENTS_OFF: StoredAgents = {
  enabled: false,
  askEachTime: false,
  includeScoped: false,
  secret: null,
  pairedAt: null,
  serverPath: '',
  nodePath: '',
};

export const agentsItem = trustedItem<StoredAgents>('agents', AGENTS_OFF);

export async function readAgents(): Promise<StoredAgents> {
  return { ...AGENTS_OFF, ...(await agentsItem.getValue()) };
}

/**
 * Which agents are connected and what each asked (#27), for Options → Desktop apps. In storage.session: it lasts
 * until the browser closes, and no content script can read it (Chrome's default access level; Firefox does not
 * expose storage.session to content scripts). The background alone writes it.
 */
export const agentsStatusItem = storage.defineItem<AgentsStatus>('session:agentsStatus', {
  fallback: { report: { links: [], refused: [] }, asked: [] },
});

/** What Options shows, newest first. */
export const ASKED_KEPT = 50;

// Calls answered side by side note themselves one after the other: two read-then-write updates at once lose one.
let writes: Promise<void> = Promise.resolve();
function update(change: (status: AgentsStatus) => AgentsStatus): Promise<void> {
  writes = writes
    .then(async () => agentsStatusItem.setValue(change(await agentsStatusItem.getValue())))
    .catch(() => undefined);
  return writes;
}

export function recordReport(report: LinksReport): Promise<void> {
  return update((status) => ({ ...status, report }));
}

export function recordAsked(asked: AgentAsked): Promise<void> {
  return update((status) => ({ ...status, asked: [asked, ...status.asked].slice(0, ASKED_KEPT) }));
}
