import { useState } from 'react';
import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { MemoryText } from './MemoryRow';

/** A memory in the Trash: Restore, or Delete forever after a second, explicit click. */
export function TrashRow({ memory }: { memory: Memory }) {
  const [confirming, setConfirming] = useState(false);
  const restore = useAction(() => sendMessage('restoreMemory', { id: memory.id }));
  const purge = useAction(() => sendMessage('purgeMemory', { id: memory.id }));
  const textId = `text-${memory.id}`;
  return (
    <div className="card memory stack tight">
      <div className="row top">
        <MemoryText memory={memory} />
        <div className="row actions" role="group" aria-label="Actions" aria-describedby={textId}>
          <Button variant="primary" busy={restore.busy} onClick={() => void restore.run()}>
            Restore
          </Button>
          {confirming ? (
            <>
              <span role="status">Delete forever, with its history?</span>
              <Button variant="danger" busy={purge.busy} onClick={() => void purge.run()}>
                Yes, delete forever
              </Button>
              <Button onClick={() => setConfirming(false)}>Keep it</Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete forever
            </Button>
          )}
        </div>
      </div>
      <ErrorText what="Could not restore" error={restore.error} tryThis="Try again." />
      <ErrorText what="Could not delete forever" error={purge.error} tryThis="Try again." />
    </div>
  );
}
