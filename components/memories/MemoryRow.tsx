import { useTranslation } from 'react-i18next';
import { useRef, useState, type Ref } from 'react';
import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import type { TFunction } from 'i18next';
import { agentLabel, andList, priorityLabel, scopeLabel, statusLabel, typeLabel } from '../shared/labels';
import { SITE_LABELS } from '../../lib/sites/registry';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { MemoryEditor } from './MemoryEditor';
import { MemoryHistory } from './MemoryHistory';
import { Provenance } from './Provenance';
import { useScopeChoices } from './scopes';

type Panel = 'edit' | 'history' | 'source' | null;

/** Where a memory came from: the sites of its chats, the desktop app that proposed it (#34), or the person. */
export function originLabel(t: TFunction, lng: string, m: Memory): string {
  const sites = [...new Set(m.sources.map((s) => s.site).filter((s) => s !== null))];
  const agent = m.sources.find((s) => s.agent !== undefined);
  if (sites.length)
    return t('memory.from', {
      sites: andList(
        sites.map((s) => SITE_LABELS[s]),
        lng,
      ),
    });
  return agent ? t('memory.proposedBy', { app: agentLabel(t, agent.agent) }) : t('memory.byHand');
}

export function memoryMeta(
  t: TFunction,
  lng: string,
  m: Memory,
  label: (scope: string) => string = (scope) => scopeLabel(t, scope),
): string {
  return [
    typeLabel(t, m.type),
    priorityLabel(t, m.priority),
    label(m.scope),
    m.status === 'active' ? null : statusLabel(t, m.status),
    originLabel(t, lng, m),
    t('preview.tokens', { count: m.tokenCount }),
    m.pinned ? t('memory.pinned') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function MemoryText({ memory }: { memory: Memory }) {
  const { t, i18n } = useTranslation();
  const { label } = useScopeChoices();
  return (
    <div className="grow">
      <p id={`text-${memory.id}`} className="memory-text">
        {memory.text}
      </p>
      <p className="muted small">{memoryMeta(t, i18n.language, memory, label)}</p>
    </div>
  );
}

function Toggle({
  buttonRef,
  panel,
  open,
  set,
  children,
}: {
  buttonRef?: Ref<HTMLButtonElement>;
  panel: Panel;
  open: Panel;
  set: (p: Panel) => void;
  children: string;
}) {
  return (
    <Button ref={buttonRef} aria-expanded={open === panel} onClick={() => set(open === panel ? null : panel)}>
      {children}
    </Button>
  );
}

function Opened({ memory, open, close }: { memory: Memory; open: Panel; close: () => void }) {
  if (open === 'edit') return <MemoryEditor memory={memory} onDone={close} />;
  if (open === 'history') return <MemoryHistory memoryId={memory.id} />;
  if (open === 'source') return <Provenance sources={memory.sources} />;
  return null;
}

function SelectBox({
  id,
  selected,
  onSelect,
}: {
  id: string;
  selected: boolean;
  onSelect: RowProps['onSelect'];
}) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      aria-label={t('memory.select')}
      aria-describedby={`text-${id}`}
      checked={selected}
      onChange={(e) => onSelect(id, e.target.checked)}
    />
  );
}

function usePanel() {
  const [open, setOpen] = useState<Panel>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Closing the editor (Save, Cancel or Escape) puts focus back on Edit, not on the page.
  const closeEditor = () => {
    setOpen(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return { open, setOpen, editButton, closeEditor };
}

export interface RowProps {
  memory: Memory;
  selected: boolean;
  onSelect: (id: string, on: boolean) => void;
  onDeleted: (memory: Memory) => void;
}

export function MemoryRow({ memory, selected, onSelect, onDeleted }: RowProps) {
  const { t } = useTranslation();
  const { open, setOpen, editButton, closeEditor } = usePanel();
  const pin = useAction(() => sendMessage('setPinned', { id: memory.id, pinned: !memory.pinned }));
  const del = useAction(async () => {
    await sendMessage('deleteMemory', { id: memory.id });
    onDeleted(memory);
  });
  const textId = `text-${memory.id}`;
  return (
    <div className="card memory stack tight">
      <div className="row top">
        <SelectBox id={memory.id} selected={selected} onSelect={onSelect} />
        <MemoryText memory={memory} />
        <div className="row actions" role="group" aria-label={t('memory.actions')} aria-describedby={textId}>
          <Toggle buttonRef={editButton} panel="edit" open={open} set={setOpen}>
            {t('memory.edit')}
          </Toggle>
          <Button busy={pin.busy} onClick={() => void pin.run()}>
            {memory.pinned ? t('memory.unpin') : t('memory.pin')}
          </Button>
          <Toggle panel="history" open={open} set={setOpen}>
            {t('memory.history')}
          </Toggle>
          <Toggle panel="source" open={open} set={setOpen}>
            {t('memory.source')}
          </Toggle>
          <Button variant="danger" busy={del.busy} onClick={() => void del.run()}>
            {t('memory.delete')}
          </Button>
        </div>
      </div>
      <Opened memory={memory} open={open} close={closeEditor} />
      <ErrorText what={t('memory.failed')} error={pin.error ?? del.error} tryThis={t('common.tryAgain')} />
    </div>
  );
}
