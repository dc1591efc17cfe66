// The popup's one line of sync state (#15); nothing when sync is not set up on this device.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import type { SyncStatus } from '../../lib/model/sync';
import { sendMessage } from '../../lib/messaging/send';
import { syncLine } from '../sync/syncLine';

export function SyncLine() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    // An answer after the popup closed sets nothing: in a test, it came after the page itself was gone and
    // React's update threw 'window is not defined' (SiteStates.test.tsx, 1 run in 4).
    let live = true;
    void sendMessage('getSyncStatus', {}).then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!status || (!status.connected && !status.ended)) return null;
  return (
    <p className="muted" role="status" aria-label={t('syncLine.label')}>
      <a href={`${browser.runtime.getURL('/options.html')}#sync`} target="_blank" rel="noreferrer">
        {syncLine(t, i18n.language, status)}
      </a>
    </p>
  );
}
