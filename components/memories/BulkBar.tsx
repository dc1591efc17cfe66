import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { BulkRequest } from '../../lib/model/messages';
import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText, Select } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { useScopeChoices } from './scopes';

/** Acts on the selected memories at once: pin, unpin, move to a scope, delete (with Undo). */
export function BulkBar({
  selected,
  onDone,
  onDeleted,
}: {
  selected: Memory[];
  onDone: () => void;
  onDeleted: (memories: Memory[]) => void;
}) {
  const { t } = useTranslation();
  const [scope, setScope] = useState('global');
  const choices = useScopeChoices();
  const { run, error, busy } = useAction(async (action: BulkRequest['action']) => {
    const ids = selected.map((m) => m.id);
    await sendMessage('bulkMemories', { ids, action, scope: action === 'scope' ? scope : undefined });
    if (action === 'delete') onDeleted(selected);
    onDone();
  });
  return (
    <div className="card row bulk" role="group" aria-label={t('bulk.label')}>
      <strong>{t('bulk.selected', { count: selected.length })}</strong>
      <Button busy={busy} onClick={() => void run('pin')}>
        {t('memory.pin')}
      </Button>
      <Button busy={busy} onClick={() => void run('unpin')}>
        {t('memory.unpin')}
      </Button>
      <Select label={t('filters.scope')} value={scope} onChange={setScope} options={choices.options()} />
      <Button busy={busy} onClick={() => void run('scope')}>
        {t('bulk.changeScope')}
      </Button>
      <Button variant="danger" busy={busy} onClick={() => void run('delete')}>
        {t('bulk.delete')}
      </Button>
      <Button onClick={onDone}>{t('bulk.clear')}</Button>
      <ErrorText what={t('bulk.failed')} error={error} tryThis={t('common.tryAgain')} />
    </div>
  );
}
