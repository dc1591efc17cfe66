// What each engram-mcp tool does in the background (#27). An agent gets what "Insert memory" would give for its
// text, redacted as an inserted block is; memories kept to one site or project only when the person allows it
// (Options → Desktop apps); and what it proposes waits in Review, never straight among active memories.
import type {
  ListArgs,
  ListResult,
  RememberArgs,
  RememberResult,
  SearchArgs,
  SearchResult,
} from '../../model/agent-wire';
import { parseConversationKey } from '../../model/keys';
import { newMemory } from '../../model/new-memory';
import { memoryEvent } from '../../model/memory-event';
import type { Memory, MemoryEvent } from '../../model/records';
import type { Settings } from '../../model/settings';
import { redact } from '../../pipeline/redact';
import { escapeMemoryText } from '../../recall/block';
import { getMemory, listMemories, writeMemory } from '../../store/memories';
import { tokensOf } from '../shared/user-events';
import { redactedLine } from '../recall/redacted-lines';
import { previewRecall } from '../recall/preview-recall';
import { recallArea } from '../recall/recall-area';
import { waitAtMost } from '../shared/wait';

/** How many of an agent's proposals may wait in Review at once: an agent looping on `remember` stops here. */
export const PENDING_CAP = 50;
export const TOO_MANY = `Review already holds ${PENDING_CAP} memories proposed by desktop apps: ask the person to review them in Engram first.`;

export interface Allowed {
  includeScoped: boolean;
}

/** The site a memory belongs to: its scope's, else the chat it came from; null for one typed or imported. */
export function siteOf(memory: Memory): string | null {
  const [kind, site] = memory.scope.split(':');
  if ((kind === 'site' || kind === 'project') && site) return site;
  return memory.sources.find((s) => s.site !== null)?.site ?? null;
}

/**
 * One date format for every tool (#34 item 10): YYYY-MM-DD, when it happened (an event) or was last said. Search
 * gave "1 Jun 2026" and list "2026-06-01", and profile lines had none.
 */
export const dayOf = (memory: Memory) => (memory.occurredStart ?? memory.mentionedAt).slice(0, 10);

/** A past-chat line's id begins with its conversation's key (lib/model/keys.ts). */
const pastSite = (id: string) => parseConversationKey(id)?.site ?? null;

/**
 * How long a search waits for the past-chat index: it opens in seconds after a browser start (3.0-6.7 s in
 * scope-past.e2e) and a tool must answer within 5 s, so past that the agent gets the memories alone, and the
 * index goes on opening for the next call. It starts opening when a server pairs (./answer.ts warmForAgents).
 */
export const PAST_WAIT_MS = 1_500;

/** The memories alone: the same recall without "From past chats". */
const memoriesOnly = (s: Settings): Settings => ({ ...s, recall: { ...s.recall, rawTurns: false } });

export async function searchMemory(
  args: SearchArgs,
  settings: Settings,
  allowed: Allowed,
): Promise<SearchResult> {
  const req = { site: null, scope: null, draft: args.query, recent: [], conversationId: null, exclude: [] };
  const ask = (s: Settings) =>
    previewRecall(recallArea(), { ...req, budgetTokens: args.budget ?? null }, s, Date.now(), {
      allScopes: allowed.includeScoped,
    });
  const reply = (await waitAtMost(ask(settings), PAST_WAIT_MS)) ?? (await ask(memoriesOnly(settings)));
  const lines = await Promise.all(
    reply.lines.map(async (l) => {
      const past = l.section === 'past';
      const memory = past ? undefined : await getMemory(l.id);
      return {
        text: l.text,
        kind: past ? ('past' as const) : ('memory' as const),
        type: l.type ?? null,
        date: memory ? dayOf(memory) : (l.at?.slice(0, 10) ?? null),
        site: past ? pastSite(l.id) : memory ? siteOf(memory) : null,
      };
    }),
  );
  return { lines, block: reply.text, tokens: reply.tokens, budgetTokens: reply.budgetTokens };
}

const cleanText = (text: string, settings: Settings) =>
  settings.privacy.redact ? redactedLine(escapeMemoryText(text)).text : escapeMemoryText(text);

export async function listForAgent(
  args: ListArgs,
  settings: Settings,
  allowed: Allowed,
): Promise<ListResult> {
  const active = await listMemories('active');
  const memories = active
    .filter((m) => allowed.includeScoped || m.scope === 'global')
    .filter((m) => !args.type || m.type === args.type)
    .slice(0, args.limit ?? 50)
    .map((m) => ({
      text: cleanText(m.text, settings),
      type: m.type,
      date: dayOf(m),
      site: siteOf(m),
      scope: m.scope,
    }));
  return { memories };
}

function agentEvent(memory: Memory, agent: string): MemoryEvent {
  const reason = `Proposed by ${agent} through Engram's MCP server`;
  const change = { op: 'add', before: null, after: memory, reason, agent, at: memory.createdAt } as const;
  return memoryEvent(change, { actor: 'agent' });
}

/** A new memory that waits in Review, its source the agent; the same text proposed again is the same proposal. */
export async function rememberForAgent(
  args: RememberArgs,
  agent: string,
  settings: Settings,
  now = new Date(),
): Promise<RememberResult | string> {
  const text = settings.privacy.redact ? redact(args.text).text : args.text;
  const proposed = (await listMemories('pending')).filter((m) =>
    m.sources.some((s) => s.agent !== undefined),
  );
  const same = proposed.find((m) => m.text === text);
  if (same) return { id: same.id, status: 'waiting for review' };
  if (proposed.length >= PENDING_CAP) return TOO_MANY;
  const source = { site: null, conversationId: null, turnIds: [], url: null, agent };
  const memory = newMemory(
    {
      ...{ text, type: args.type ?? 'profile', tokenCount: await tokensOf(text) },
      ...{ status: 'pending', sources: [source] },
    },
    now.toISOString(),
  );
  await writeMemory(memory, agentEvent(memory, agent));
  return { id: memory.id, status: 'waiting for review' };
}
