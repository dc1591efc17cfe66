// Why Engram refused a desktop app's server (#34 item 10), in the person's language (#37): the link sends a code;
// a refusal stored in English before codes is recognised when Engram wrote it, and otherwise shown quoted.
import type { TFunction } from 'i18next';
import type { RefusedWhy } from '../../lib/model/agents';

type Coded = Exclude<RefusedWhy, string>;

const OLD: Record<string, Coded> = {
  'the server did not finish pairing in time': { code: 'slow' },
  'the server sent something that is not Engram’s protocol': { code: 'not-protocol' },
  'the server repeated its handshake': { code: 'handshake-again' },
  'the server could not prove it holds the pairing secret': { code: 'unproven' },
  'the server there holds another secret: save the new one with `engram-mcp pair`, then restart the app': {
    code: 'other-secret',
  },
  'the server there timed out waiting for Engram’s proof': { code: 'proof-timeout' },
};
const OVERSIZE = /^the server sent a frame of (\d+) characters, more than Engram reads$/;

function coded(why: RefusedWhy): Coded | null {
  if (typeof why !== 'string') return why;
  const chars = OVERSIZE.exec(why)?.[1];
  return chars ? { code: 'oversize', chars: Number(chars) } : (OLD[why] ?? null);
}

const WHY = {
  slow: 'agents.why.slow',
  'not-protocol': 'agents.why.notProtocol',
  'handshake-again': 'agents.why.handshakeAgain',
  unproven: 'agents.why.unproven',
  'other-secret': 'agents.why.otherSecret',
  'proof-timeout': 'agents.why.proofTimeout',
} as const;

/** "Port 47310, 2 minutes ago: refused, …", the reason said, or quoted when it is not Engram's. */
export function refusedLine(t: TFunction, r: { port: number; why: RefusedWhy }, when: string): string {
  const why = coded(r.why);
  if (!why) return t('agents.refusedLine', { port: r.port, when, why: r.why });
  const reason = why.code === 'oversize' ? t('agents.why.oversize', { count: why.chars }) : t(WHY[why.code]);
  return t('agents.refusedSaid', { port: r.port, when, why: reason });
}
