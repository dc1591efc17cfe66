// Options → Sync (#15): connect this device to the person's own WebDAV or S3 storage, see how sync is doing,
// sync now, or disconnect this device (which touches nothing remote).
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SyncConnect, SyncStatus } from '../../lib/model/sync';
import { sendMessage } from '../../lib/messaging/send';
import { ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { SyncBody } from './SyncBody';
import { askStorageAccess, SyncForm } from './SyncForm';

/** While a first sync runs, the status is read again this often (the background does not push it). */
const POLL_MS = 1_000;

/**
 * The status as the background last said it. A read answers for the moment it was asked: a poll sent before an
 * action's own answer (Connect, Sync now, Disconnect) is dropped when it arrives after it. Otherwise a poll in
 * flight during Connect put the form back for up to a second and focus fell to the page body (#33: seen on a
 * loaded 2-core machine, where the poll's answer came last).
 */
function useSyncStatus() {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const asked = useRef(0);
  const stale = useRef(0);
  useEffect(() => {
    let live = true;
    const read = () => {
      const n = ++asked.current;
      void sendMessage('getSyncStatus', {}).then((s) => live && n > stale.current && setStatus(s));
    };
    read();
    const timer = setInterval(read, POLL_MS);
    return () => ((live = false), clearInterval(timer));
  }, []);
  const apply = useCallback((s: SyncStatus | null) => {
    stale.current = asked.current;
    setStatus(s);
  }, []);
  return [status, apply] as const;
}

/**
 * Connect and Disconnect swap the form and the status card, so the pressed button goes away and focus would
 * fall to the page body (#16): it goes to what happened instead, the status line or the notice.
 */
function useFocusAfter() {
  const lineRef = useRef<HTMLParagraphElement>(null);
  const saidRef = useRef<HTMLParagraphElement>(null);
  const pending = useRef<'line' | 'said' | null>(null);
  // After every render: the element asked for exists once the render that shows it has run.
  useEffect(() => {
    const el =
      pending.current === 'line' ? lineRef.current : pending.current === 'said' ? saidRef.current : null;
    if (!el) return;
    el.focus();
    pending.current = null;
  });
  const focusOn = (target: 'line' | 'said') => void (pending.current = target);
  return { lineRef, saidRef, focusOn };
}

export function SyncSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useSyncStatus();
  const [notice, setNotice] = useState('');
  const { lineRef, saidRef, focusOn } = useFocusAfter();
  const connect = useAction(async (req: SyncConnect) => {
    // Asked inside the click (the request starts before any await), and answered before the first request goes
    // out: without host access the worker's requests are CORS-bound and most WebDAV servers refuse them.
    const granted = await askStorageAccess(req.backend);
    setNotice('');
    setStatus(await sendMessage('syncConnect', req));
    if (!granted) setNotice(t('sync.noAccess'));
    focusOn('line');
  });
  const disconnected = () => {
    setNotice(t('sync.disconnected'));
    focusOn('said');
  };
  return (
    <Section id="sync" title={t('options.nav.sync')} intro={t('sync.intro')}>
      <SyncBody
        status={status}
        onChange={setStatus}
        focusOn={focusOn}
        line={lineRef}
        onDisconnected={disconnected}
      >
        <SyncForm busy={connect.busy} onConnect={(req) => void connect.run(req)} />
      </SyncBody>
      {notice && (
        <p role="status" tabIndex={-1} ref={saidRef}>
          {notice}
        </p>
      )}
      <ErrorText what={t('sync.connectFailed')} error={connect.error} />
    </Section>
  );
}
