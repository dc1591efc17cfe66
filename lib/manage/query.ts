// Filtering and sorting in the memory manager (#6): plain functions over loaded memories.
import type { Memory, MemoryStatus, MemoryType } from '../model/records';
import type { Site } from '../model/site';

export const SORTS = ['updated', 'priority', 'mentioned'] as const;
export type Sort = (typeof SORTS)[number];

export interface MemoryFilters {
  query: string;
  /** "all" means every status except deleted: the Trash is its own view. */
  status: Exclude<MemoryStatus, 'deleted'> | 'all' | 'trash';
  type: MemoryType | 'all';
  site: Site | 'none' | 'all';
  scope: string;
  pinned: 'all' | 'pinned' | 'unpinned';
  sort: Sort;
}

export const NO_FILTERS: MemoryFilters = {
  query: '',
  status: 'all',
  type: 'all',
  site: 'all',
  scope: 'all',
  pinned: 'all',
  sort: 'updated',
};

function statusMatches(m: Memory, status: MemoryFilters['status']): boolean {
  if (status === 'trash') return m.status === 'deleted';
  if (status === 'all') return m.status !== 'deleted';
  return m.status === status;
}

function siteMatches(m: Memory, site: MemoryFilters['site']): boolean {
  if (site === 'all') return true;
  if (site === 'none') return m.sources.every((s) => s.site === null);
  return m.sources.some((s) => s.site === site);
}

export function matches(m: Memory, f: MemoryFilters): boolean {
  return (
    statusMatches(m, f.status) &&
    (f.type === 'all' || m.type === f.type) &&
    siteMatches(m, f.site) &&
    (f.scope === 'all' || m.scope === f.scope) &&
    (f.pinned === 'all' || m.pinned === (f.pinned === 'pinned'))
  );
}

const COMPARE: Record<Sort, (a: Memory, b: Memory) => number> = {
  updated: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
  // Standing rules (-1) are always sent first by recall (#5), so they lead here too.
  priority: (a, b) =>
    Number(b.priority === -1) - Number(a.priority === -1) || b.priority - a.priority || COMPARE.updated(a, b),
  mentioned: (a, b) => b.mentionedAt.localeCompare(a.mentionedAt),
};

/**
 * The memories to show. With a search, `hits` (ids, best first) limits the set and orders it; otherwise
 * the chosen sort does.
 */
export function visibleMemories(all: readonly Memory[], f: MemoryFilters, hits: string[] | null): Memory[] {
  if (hits) {
    const byId = new Map(all.map((m) => [m.id, m]));
    return hits.map((id) => byId.get(id)).filter((m): m is Memory => m !== undefined && matches(m, f));
  }
  return all.filter((m) => matches(m, f)).sort(COMPARE[f.sort]);
}

export function scopesOf(all: readonly Memory[]): string[] {
  return [...new Set(all.map((m) => m.scope))].sort();
}
