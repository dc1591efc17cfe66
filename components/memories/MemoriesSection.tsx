import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopesOf } from '../../lib/manage/query';
import type { Memory } from '../../lib/model/records';
import { AddMemoryForm } from './AddMemoryForm';
import { siteNames } from '../shared/labels';
import { Button, EmptyState, Section } from '../shared/ui';
import { focusWhenShown, keepFocusId, useKeepFocus } from '../shared/useKeepFocus';
import { BulkBar } from './BulkBar';
import { Filters } from './Filters';
import { MemoryRow } from './MemoryRow';
import { ProjectNames, useProjectNames } from './scopes';
import { TrashRow } from './TrashRow';
import { UndoBar } from './UndoBar';
import { useMemories } from './useMemories';
import { VirtualList } from './VirtualList';

function useSelection(shown: Memory[]) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => shown.filter((m) => ids.has(m.id)), [shown, ids]);
  const toggle = (id: string, on: boolean) =>
    setIds((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return {
    ids,
    selected,
    toggle,
    clear: () => setIds(new Set()),
    all: () => setIds(new Set(shown.map((m) => m.id))),
  };
}

function Empty({ trash, searching, total }: { trash: boolean; searching: boolean; total: number }) {
  const { t, i18n } = useTranslation();
  if (trash)
    return (
      <EmptyState id="memories-empty" title={t('memories.trashEmpty')}>
        {t('memories.trashEmptyHint')}
      </EmptyState>
    );
  if (total === 0)
    return (
      <EmptyState id="memories-empty" title={t('memories.none')}>
        {t('memories.noneHint', { sites: siteNames(i18n.language) })}
      </EmptyState>
    );
  return (
    <EmptyState
      id="memories-empty"
      title={searching ? t('memories.noSearchMatch') : t('memories.noFilterMatch')}
    >
      {t('memories.noMatchHint')}
    </EmptyState>
  );
}

function ViewTabs({
  trash,
  trashCount,
  onView,
}: {
  trash: boolean;
  trashCount: number;
  onView: (trash: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row" role="group" aria-label={t('memories.view')}>
      <Button aria-pressed={!trash} onClick={() => onView(false)}>
        {t('memories.all')}
      </Button>
      <Button aria-pressed={trash} onClick={() => onView(true)}>
        {t('memories.trashCount', { count: trashCount })}
      </Button>
    </div>
  );
}

function Results(props: {
  shown: Memory[];
  trash: boolean;
  selection: ReturnType<typeof useSelection>;
  onDeleted: (m: Memory[]) => void;
}) {
  const { t } = useTranslation();
  const { shown, trash, selection, onDeleted } = props;
  return (
    <VirtualList
      items={shown}
      label={trash ? t('memories.trash') : t('options.nav.memories')}
      getKey={(m) => m.id}
      render={(m) =>
        trash ? (
          <TrashRow memory={m} />
        ) : (
          <MemoryRow
            memory={m}
            selected={selection.ids.has(m.id)}
            onSelect={selection.toggle}
            onDeleted={(d) => onDeleted([d])}
          />
        )
      }
    />
  );
}

/**
 * Undo and Dismiss remove the bar they are on, so focus fell to the body (#16): after Undo it goes to the memory
 * brought back (once its row is shown), after Dismiss to the count of memories shown.
 */
function useUndoFocus() {
  const [deleted, setDeleted] = useState<Memory[]>([]);
  const close = (undone: boolean) => {
    const first = deleted[0];
    setDeleted([]);
    focusWhenShown(undone && first ? keepFocusId(first.id) : 'memories-count');
  };
  return { deleted, setDeleted, close };
}

/** The rows, or what to do when there are none. */
function Listing(
  props: Parameters<typeof Results>[0] & { loading: boolean; searching: boolean; total: number },
) {
  const { loading, shown, trash, searching, total } = props;
  // Restore and Delete forever remove their own row: focus goes to the row now in its place, or the empty state.
  const keys = useMemo(() => (loading ? undefined : shown.map((m) => m.id)), [loading, shown]);
  const onFocus = useKeepFocus(keys, 'memories-empty');
  return (
    <div className="stack" onFocus={onFocus}>
      {!loading && shown.length === 0 ? (
        <Empty trash={trash} searching={searching} total={total} />
      ) : (
        <Results {...props} />
      )}
    </div>
  );
}

export function MemoriesSection() {
  const { t } = useTranslation();
  const { loading, all, shown, filters, setFilters, trashCount } = useMemories();
  const scopes = useMemo(() => scopesOf(all), [all]);
  const selection = useSelection(shown);
  const { deleted, setDeleted, close } = useUndoFocus();
  const trash = filters.status === 'trash';
  const total = trash ? trashCount : all.length - trashCount;
  const view = (toTrash: boolean) => setFilters({ ...filters, status: toTrash ? 'trash' : 'all' });
  const projects = useProjectNames();
  return (
    <ProjectNames.Provider value={projects}>
      <Section id="memories" title={t('options.nav.memories')} intro={t('memories.intro')}>
        <AddMemoryForm />
        <ViewTabs trash={trash} trashCount={trashCount} onView={view} />
        <Filters filters={filters} scopes={scopes} onChange={setFilters} />
        {deleted.length > 0 && <UndoBar deleted={deleted} onClose={close} />}
        {!trash && selection.selected.length > 0 && (
          <BulkBar selected={selection.selected} onDone={selection.clear} onDeleted={setDeleted} />
        )}
        <div className="row">
          <p id="memories-count" className="muted grow" aria-live="polite" tabIndex={-1}>
            {loading ? t('memories.loading') : t('memories.showing', { shown: shown.length, total })}
          </p>
          {!trash && shown.length > 0 && <Button onClick={selection.all}>{t('memories.selectAll')}</Button>}
        </div>
        <Listing
          {...{ loading, shown, trash, total, selection }}
          searching={filters.query.trim() !== ''}
          onDeleted={setDeleted}
        />
      </Section>
    </ProjectNames.Provider>
  );
}
