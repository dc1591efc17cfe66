// Words the UI shows for stored values (#6), in one place.
import { parseConversationKey } from '../../lib/model/keys';
import type { Actor, Job, MemoryEvent, MemoryStatus, MemoryType } from '../../lib/model/records';
import { Site } from '../../lib/model/site';
import { SITE_LABELS, siteInfo, SITES } from '../../lib/sites/registry';

/** "a, b or c". */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** "ChatGPT, Claude, Gemini, Perplexity, DeepSeek, Le Chat, Grok, Copilot, AI Studio, Qwen Chat, Kimi or Meta AI": every site the registry lists. */
export const SITE_NAMES = orList(SITES.map((s) => s.label));

export const TYPE_LABELS: Record<MemoryType, string> = {
  profile: 'About me',
  preference: 'Preference',
  instruction: 'Standing instruction',
  event: 'Event',
  correction: 'Correction',
};

export const STATUS_LABELS: Record<MemoryStatus, string> = {
  active: 'Active',
  pending: 'Waiting for review',
  archived: 'Archived',
  deleted: 'In the Trash',
};

const isSite = (s: string | undefined): s is Site => Site.safeParse(s).success;

/**
 * "Everywhere", "ChatGPT only", "ChatGPT project “trip to japan”", "Gemini Gem “coding partner”"; `projects`
 * names project scopes, and each site's folder says what it calls them (lib/sites/<site>/site.ts).
 */
export function scopeLabel(scope: string, projects?: ReadonlyMap<string, string | null>): string {
  if (scope === 'global') return 'Everywhere';
  const [kind, site, id] = scope.split(':');
  if (kind === 'site' && isSite(site)) return `${SITE_LABELS[site]} only`;
  if (kind === 'project' && isSite(site) && id) {
    const name = projects?.get(scope);
    const noun = siteInfo(site).scope.noun ?? 'project';
    return `${SITE_LABELS[site]} ${noun} ${name ? `“${name}”` : id.slice(0, 12)}`;
  }
  return scope;
}

/**
 * "“Planning a week in Porto” (ChatGPT)", or "a ChatGPT chat" when no title is stored: a conversation key
 * (chatgpt:4b1c…) is an id, not words (#16). Several failed jobs each need their chat's name, or every Retry
 * reads the same to a screen reader (#16).
 */
export function conversationLabel(key: string, title?: string | null): string {
  const site = parseConversationKey(key)?.site;
  const where = site ? SITE_LABELS[site] : null;
  const name = title?.trim().replace(/\s+/g, ' ');
  if (!name) return where ? `a ${where} chat` : 'a chat';
  const short = name.length > 60 ? `${name.slice(0, 59).trimEnd()}…` : name;
  return where ? `“${short}” (${where})` : `“${short}”`;
}

/** "tried 3 times"; nothing before the first try. */
export function attemptsLabel(n: number): string {
  return n === 0 ? '' : ` · tried ${n} ${n === 1 ? 'time' : 'times'}`;
}

export function priorityLabel(priority: number): string {
  return priority === -1 ? 'Standing rule' : `Priority ${priority}`;
}

const ACTORS: Record<Actor, string> = {
  user: 'You',
  extractor: 'Extractor',
  import: 'Import',
  agent: 'A desktop app',
};

/** The name a desktop agent gave itself (#27), said as a name it chose, not one Engram checked. */
export function agentLabel(name: string | undefined): string {
  return name ? `the desktop app “${name}”` : 'a desktop app';
}

/** Who made a change: "You", "Extractor (gpt-4o-mini, prompt v1)", "Import", "the desktop app “Cursor”". */
export function whoLabel(e: MemoryEvent): string {
  if (e.actor === 'agent') return agentLabel(e.agent);
  if (e.actor !== 'extractor') return ACTORS[e.actor];
  const detail = [e.model, e.promptVersion ? `prompt ${e.promptVersion}` : null].filter(Boolean).join(', ');
  return detail ? `Extractor (${detail})` : 'Extractor';
}

export function dateLabel(iso: string | null): string {
  if (!iso) return 'unknown date';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * What a dead-lettered job gave up on, or what its Retry sends again (#12): the turns it holds, numbered from 1
 * as the person reads them. Null for any other job.
 */
export function jobTurnsLabel(job: Job): string | null {
  if (job.toOrder === undefined || job.status === 'done' || job.toOrder < job.fromOrder) return null;
  const span =
    job.toOrder === job.fromOrder
      ? `Turn ${job.fromOrder + 1}`
      : `Turns ${job.fromOrder + 1}–${job.toOrder + 1}`;
  if (job.status === 'failed') return `${span} not extracted: later jobs skip them; Retry sends them again.`;
  return `${span}: sent again.`;
}
