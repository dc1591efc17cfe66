import { useTranslation } from 'react-i18next';
import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** After a delete: what went to the Trash, and Undo to bring it straight back. */
/** `onClose(true)` after Undo, `onClose(false)` after Dismiss. */
export function UndoBar({ deleted, onClose }: { deleted: Memory[]; onClose: (undone: boolean) => void }) {
  const { t } = useTranslation();
  const { run, error, busy } = useAction(async () => {
    for (const m of deleted) await sendMessage('restoreMemory', { id: m.id });
    onClose(true);
  });
  const moved =
    deleted.length === 1
      ? t('undo.movedOne', { text: deleted[0]?.text ?? '' })
      : t('undo.moved', { count: deleted.length });
  return (
    <div className="card row undo" role="status">
      <span className="grow">{moved}</span>
      {/* The deleted row is gone, so focus comes here: keyboard users can undo at once. */}
      <Button variant="primary" busy={busy} onClick={() => void run()} autoFocus>
        {t('undo.undo')}
      </Button>
      <Button onClick={() => onClose(false)}>{t('common.dismiss')}</Button>
      <ErrorText what={t('undo.failed')} error={error} tryThis={t('undo.failedTry')} />
    </div>
  );
}
