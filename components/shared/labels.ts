// Words the UI shows for stored values (#6), in one place, in the person's language (#37): each takes the
// page's `t` (react-i18next), so a label follows a change of language like any other text.
import type { TFunction } from 'i18next';
import { parseConversationKey } from '../../lib/model/keys';
import type { Actor, Job, MemoryEvent, MemoryStatus, MemoryType } from '../../lib/model/records';
import { Site } from '../../lib/model/site';
import { formatWhen } from '../../lib/i18n/formatters';
import { SITE_LABELS, siteInfo, SITES } from '../../lib/sites/registry';

/** "a, b or c", "a、b、c のいずれか": the language's own list. */
export function orList(words: readonly string[], lng: string): string {
  return new Intl.ListFormat(lng, { type: 'disjunction' }).format(words);
}

/** "a, b and c". */
export function andList(words: readonly string[], lng: string): string {
  return new Intl.ListFormat(lng, { type: 'conjunction' }).format(words);
}

/** "ChatGPT, …, Kimi or Meta AI": every site the registry lists. */
export const siteNames = (lng: string) =>
  orList(
    SITES.map((s) => s.label),
    lng,
  );

export const typeLabel = (t: TFunction, type: MemoryType) => t(`labels.type.${type}`);

export const statusLabel = (t: TFunction, status: MemoryStatus) => t(`labels.status.${status}`);

/** Every memory type with its label, in the schema's order. */
export const typeOptions = (t: TFunction): [MemoryType, string][] =>
  (['profile', 'preference', 'instruction', 'event', 'correction'] as const).map((type) => [
    type,
    typeLabel(t, type),
  ]);

const isSite = (s: string | undefined): s is Site => Site.safeParse(s).success;

/**
 * "Everywhere", "ChatGPT only", "ChatGPT project “trip to japan”", "Gemini Gem “coding partner”"; `projects`
 * names project scopes, and each site's folder says what it calls them (lib/sites/<site>/site.ts).
 */
export function scopeLabel(
  t: TFunction,
  scope: string,
  projects?: ReadonlyMap<string, string | null>,
): string {
  if (scope === 'global') return t('labels.scope.everywhere');
  const [kind, site, id] = scope.split(':');
  if (kind === 'site' && isSite(site)) return t('labels.scope.siteOnly', { site: SITE_LABELS[site] });
  if (kind === 'project' && isSite(site) && id) {
    const name = projects?.get(scope);
    const noun = siteInfo(site).scope.noun ?? t('labels.scope.project');
    return name
      ? t('labels.scope.named', { site: SITE_LABELS[site], noun, name })
      : t('labels.scope.unnamed', { site: SITE_LABELS[site], noun, id: id.slice(0, 12) });
  }
  return scope;
}

/**
 * "“Planning a week in Porto” (ChatGPT)", or "a ChatGPT chat" when no title is stored: a conversation key
 * (chatgpt:4b1c…) is an id, not words (#16). Several failed jobs each need their chat's name, or every Retry
 * reads the same to a screen reader (#16).
 */
export function conversationLabel(t: TFunction, key: string, title?: string | null): string {
  const site = parseConversationKey(key)?.site;
  const where = site ? SITE_LABELS[site] : null;
  const name = title?.trim().replace(/\s+/g, ' ');
  if (!name) return where ? t('labels.chat.onSite', { site: where }) : t('labels.chat.any');
  const short = name.length > 60 ? `${name.slice(0, 59).trimEnd()}…` : name;
  return where
    ? t('labels.chat.titledOnSite', { title: short, site: where })
    : t('labels.chat.titled', { title: short });
}

/** "tried 3 times"; nothing before the first try. */
export function attemptsLabel(t: TFunction, n: number): string {
  return n === 0 ? '' : ` · ${t('labels.tried', { count: n })}`;
}

export function priorityLabel(t: TFunction, priority: number): string {
  return priority === -1 ? t('labels.standingRule') : t('labels.priority', { priority });
}

/** The name a desktop agent gave itself (#27), said as a name it chose, not one Engram checked. */
export function agentLabel(t: TFunction, name: string | undefined): string {
  return name ? t('labels.actor.namedApp', { name }) : t('labels.actor.app');
}

/** Who made a change: "You", "Extractor (gpt-4o-mini, prompt v1)", "Import", "the desktop app “Cursor”". */
export function whoLabel(t: TFunction, e: MemoryEvent): string {
  if (e.actor === 'agent') return agentLabel(t, e.agent);
  if (e.actor !== 'extractor')
    return t(`labels.actor.${e.actor satisfies Exclude<Actor, 'agent' | 'extractor'>}`);
  if (e.model && e.promptVersion)
    return t('labels.actor.extractorModelPrompt', { model: e.model, version: e.promptVersion });
  if (e.model) return t('labels.actor.extractorModel', { model: e.model });
  if (e.promptVersion) return t('labels.actor.extractorPrompt', { version: e.promptVersion });
  return t('labels.actor.extractor');
}

export function dateLabel(t: TFunction, iso: string | null, lng: string): string {
  return iso ? formatWhen(iso, lng) : t('labels.unknownDate');
}

/**
 * What a dead-lettered job gave up on, or what its Retry sends again (#12): the turns it holds, numbered from 1
 * as the person reads them. Null for any other job.
 */
export function jobTurnsLabel(t: TFunction, job: Job): string | null {
  if (job.toOrder === undefined || job.status === 'done' || job.toOrder < job.fromOrder) return null;
  const span =
    job.toOrder === job.fromOrder
      ? t('labels.turn', { n: job.fromOrder + 1 })
      : t('labels.turns', { from: job.fromOrder + 1, to: job.toOrder + 1 });
  return job.status === 'failed' ? t('labels.turnsFailed', { span }) : t('labels.turnsAgain', { span });
}
