import { SORTS, type MemoryFilters } from '../../lib/manage/query';
import { MemoryType } from '../../lib/model/records';
import { TYPE_LABELS } from '../shared/labels';
import { SITE_IDS, SITE_LABELS } from '../../lib/sites/registry';
import { useScopeChoices } from './scopes';
import { Select } from '../shared/ui';

const SORT_LABELS = { updated: 'Last changed', priority: 'Priority', mentioned: 'Last mentioned' } as const;
const TYPES = [['all', 'Any type'], ...MemoryType.options.map((t) => [t, TYPE_LABELS[t]] as const)] as const;
const SITES = [
  ['all', 'Any site'],
  ...SITE_IDS.map((site) => [site, SITE_LABELS[site]] as const),
  ['none', 'Added by hand'],
] as const;
const STATUSES = [
  ['all', 'Any status'],
  ['active', 'Active'],
  ['pending', 'Waiting for review'],
  ['archived', 'Archived'],
] as const;
const PINNED = [
  ['all', 'Pinned or not'],
  ['pinned', 'Pinned only'],
  ['unpinned', 'Not pinned'],
] as const;
const SORT_OPTIONS = SORTS.map((s) => [s, SORT_LABELS[s]] as const);

interface Props {
  filters: MemoryFilters;
  scopes: string[];
  onChange: (next: MemoryFilters) => void;
}

export function Filters({ filters, scopes, onChange }: Props) {
  const set =
    <K extends keyof MemoryFilters>(key: K) =>
    (value: MemoryFilters[K]) =>
      onChange({ ...filters, [key]: value });
  const { label } = useScopeChoices();
  const scopeOptions = [['all', 'Any scope'], ...scopes.map((s) => [s, label(s)] as const)] as const;
  return (
    <div className="stack toolbar">
      <label className="inline grow">
        <span>Search</span>
        <input
          type="search"
          value={filters.query}
          placeholder="Type to search your memories"
          onChange={(e) => set('query')(e.target.value)}
        />
      </label>
      <div className="row" role="group" aria-label="Filters">
        <Select label="Type" value={filters.type} onChange={set('type')} options={TYPES} />
        <Select label="Site" value={filters.site} onChange={set('site')} options={SITES} />
        <Select label="Scope" value={filters.scope} onChange={set('scope')} options={scopeOptions} />
        {filters.status !== 'trash' && (
          <Select label="Status" value={filters.status} onChange={set('status')} options={STATUSES} />
        )}
        <Select label="Pinned" value={filters.pinned} onChange={set('pinned')} options={PINNED} />
        <Select label="Sort by" value={filters.sort} onChange={set('sort')} options={SORT_OPTIONS} />
      </div>
    </div>
  );
}
