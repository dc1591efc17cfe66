import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SORTS, type MemoryFilters } from '../../lib/manage/query';
import { typeOptions } from '../shared/labels';
import { SITE_IDS } from '../../lib/model/site-hosts';
import { SITE_LABELS } from '../../lib/sites/registry';
import { useScopeChoices } from './scopes';
import { Select } from '../shared/ui';

/** Every choice of every filter, in the page's language (#37). */
function choices(t: TFunction) {
  return {
    types: [['all', t('filters.anyType')] as const, ...typeOptions(t)],
    sites: [
      ['all', t('filters.anySite')] as const,
      ...SITE_IDS.map((site) => [site, SITE_LABELS[site]] as const),
      ['none', t('filters.byHand')] as const,
    ],
    statuses: [
      ['all', t('filters.anyStatus')],
      ['active', t('labels.status.active')],
      ['pending', t('labels.status.pending')],
      ['archived', t('labels.status.archived')],
    ] as const,
    pinned: [
      ['all', t('filters.pinnedAny')],
      ['pinned', t('filters.pinnedOnly')],
      ['unpinned', t('filters.notPinned')],
    ] as const,
    sorts: SORTS.map((s) => [s, t(`filters.sort.${s}`)] as const),
  };
}

interface Props {
  filters: MemoryFilters;
  scopes: string[];
  onChange: (next: MemoryFilters) => void;
}

/** One select per filter; `on(key)` sets that filter. */
function FilterSelects({ filters, scopes, set }: Omit<Props, 'onChange'> & { set: Setter }) {
  const { t } = useTranslation();
  const c = choices(t);
  const { label } = useScopeChoices();
  const scopeOptions = [
    ['all', t('filters.anyScope')] as const,
    ...scopes.map((s) => [s, label(s)] as const),
  ];
  const select = <K extends SelectKey>(
    key: K,
    name: string,
    options: readonly (readonly [MemoryFilters[K], string])[],
  ) => <Select label={name} value={filters[key]} onChange={set(key)} options={options} />;
  return (
    <div className="row" role="group" aria-label={t('filters.label')}>
      {select('type', t('filters.type'), c.types)}
      {select('site', t('filters.site'), c.sites)}
      {select('scope', t('filters.scope'), scopeOptions)}
      {filters.status !== 'trash' && select('status', t('filters.status'), c.statuses)}
      {select('pinned', t('filters.pinned'), c.pinned)}
      {select('sort', t('filters.sortBy'), c.sorts)}
    </div>
  );
}

type SelectKey = Exclude<keyof MemoryFilters, 'query'>;
type Setter = <K extends keyof MemoryFilters>(key: K) => (value: MemoryFilters[K]) => void;

export function Filters({ filters, scopes, onChange }: Props) {
  const { t } = useTranslation();
  const set: Setter = (key) => (value) => onChange({ ...filters, [key]: value });
  return (
    <div className="stack toolbar">
      <label className="inline grow">
        <span>{t('filters.search')}</span>
        <input
          type="search"
          value={filters.query}
          placeholder={t('filters.searchHint')}
          onChange={(e) => set('query')(e.target.value)}
        />
      </label>
      <FilterSelects filters={filters} scopes={scopes} set={set} />
    </div>
  );
}
