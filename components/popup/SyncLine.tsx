// The popup's one line of sync state (#15); nothing when sync is not set up on this device.
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { SyncStatus } from '../../lib/model/sync';
import { sendMessage } from '../../lib/messaging/send';
import { syncLine } from '../sync/syncLine';

export function SyncLine() {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    void sendMessage('getSyncStatus', {}).then(setStatus, () => undefined);
  }, []);
  if (!status || (!status.connected && !status.ended)) return null;
  return (
    <p className="muted" role="status" aria-label="Sync">
      <a href={`${browser.runtime.getURL('/options.html')}#sync`} target="_blank" rel="noreferrer">
        {syncLine(status)}
      </a>
    </p>
  );
}
