import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** After a delete: what went to the Trash, and Undo to bring it straight back. */
/** `onClose(true)` after Undo, `onClose(false)` after Dismiss. */
export function UndoBar({ deleted, onClose }: { deleted: Memory[]; onClose: (undone: boolean) => void }) {
  const { run, error, busy } = useAction(async () => {
    for (const m of deleted) await sendMessage('restoreMemory', { id: m.id });
    onClose(true);
  });
  const what = deleted.length === 1 ? `“${deleted[0]?.text ?? ''}”` : `${deleted.length} memories`;
  return (
    <div className="card row undo" role="status">
      <span className="grow">Moved {what} to the Trash.</span>
      {/* The deleted row is gone, so focus comes here: keyboard users can undo at once. */}
      <Button variant="primary" busy={busy} onClick={() => void run()} autoFocus>
        Undo
      </Button>
      <Button onClick={() => onClose(false)}>Dismiss</Button>
      <ErrorText what="Could not undo" error={error} tryThis="Restore it from the Trash instead." />
    </div>
  );
}
