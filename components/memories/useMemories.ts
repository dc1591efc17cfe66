import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { NO_FILTERS, visibleMemories, type MemoryFilters } from '../../lib/manage/query';
import { MemoryIndex } from '../../lib/manage/search';
import type { Memory } from '../../lib/model/records';
import { listAllMemories } from '../../lib/store/views';

const NONE: Memory[] = [];

/** Every memory (live), the search index kept in step with it, and the filtered, sorted view. */
export function useMemories() {
  const loaded = useLiveQuery(listAllMemories, []);
  const all = loaded ?? NONE;
  const [index] = useState(() => new MemoryIndex());
  const [filters, setFilters] = useState<MemoryFilters>(NO_FILTERS);
  // Syncing is idempotent, so running it during render (twice in StrictMode) is safe.
  const synced = useMemo(() => {
    index.sync(all);
    return all;
  }, [index, all]);
  const hits = useMemo(() => (synced ? index.search(filters.query) : null), [index, synced, filters.query]);
  const shown = useMemo(() => visibleMemories(synced, filters, hits), [synced, filters, hits]);
  const trashCount = useMemo(() => all.filter((m) => m.status === 'deleted').length, [all]);
  return { loading: loaded === undefined, all, shown, filters, setFilters, trashCount };
}
