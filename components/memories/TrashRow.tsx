import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { MemoryText } from './MemoryRow';

/** A memory in the Trash: Restore, or Delete forever after a second, explicit click. */
export function TrashRow({ memory }: { memory: Memory }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const restore = useAction(() => sendMessage('restoreMemory', { id: memory.id }));
  const purge = useAction(() => sendMessage('purgeMemory', { id: memory.id }));
  const textId = `text-${memory.id}`;
  return (
    <div className="card memory stack tight">
      <div className="row top">
        <MemoryText memory={memory} />
        <div className="row actions" role="group" aria-label={t('memory.actions')} aria-describedby={textId}>
          <Button variant="primary" busy={restore.busy} onClick={() => void restore.run()}>
            {t('trash.restore')}
          </Button>
          {confirming ? (
            <>
              <span role="status">{t('trash.confirm')}</span>
              <Button variant="danger" busy={purge.busy} onClick={() => void purge.run()}>
                {t('trash.yes')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t('trash.keep')}</Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('trash.purge')}
            </Button>
          )}
        </div>
      </div>
      <ErrorText what={t('trash.restoreFailed')} error={restore.error} tryThis={t('common.tryAgain')} />
      <ErrorText what={t('trash.purgeFailed')} error={purge.error} tryThis={t('common.tryAgain')} />
    </div>
  );
}
