// Options → Sync (#15): connect this device to the person's own WebDAV or S3 storage, see how sync is doing,
// sync now, or disconnect this device (which touches nothing remote).
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { SyncConnect, SyncStatus } from '../../lib/model/sync';
import { sendMessage } from '../../lib/messages';
import { Button, Section } from '../ui';
import { useAction } from '../useAction';
import { askStorageAccess, SyncForm } from './SyncForm';

/** While a first sync runs, the status is read again this often (the background does not push it). */
const POLL_MS = 1_000;

export function syncLine(s: SyncStatus | null): string {
  if (!s?.connected) return s?.ended ? 'Sync stopped: enter the passphrase again' : 'Sync is off';
  if (s.running) return 'Syncing…';
  if (s.lastError) return `Sync failed: ${s.lastError}`;
  if (!s.lastSync) return 'Sync waiting for its first run';
  return `Synced ${new Date(s.lastSync).toLocaleString()}`;
}

function useSyncStatus() {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void sendMessage('getSyncStatus', {}).then((s) => live && setStatus(s));
    read();
    const timer = setInterval(read, POLL_MS);
    return () => ((live = false), clearInterval(timer));
  }, []);
  return [status, setStatus] as const;
}

/** What went wrong with remote files at the last sync (#25): nothing of those files was applied. */
function Problems({ said }: { said: string[] }) {
  if (said.length === 0) return null;
  return (
    <div role="alert" className="error">
      <p>At the last sync:</p>
      <ul>
        {said.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

interface CardProps {
  status: SyncStatus;
  onChange: (s: SyncStatus | null) => void;
  onDisconnected: () => void;
  line: RefObject<HTMLParagraphElement | null>;
}

function StatusCard({ status, onChange, onDisconnected, line }: CardProps) {
  const now = useAction(async () => onChange(await sendMessage('syncNow', {})));
  const off = useAction(async () => {
    await sendMessage('syncDisconnect', {});
    onChange(await sendMessage('getSyncStatus', {}));
    onDisconnected();
  });
  return (
    <div className="stack card" role="group" aria-label="Sync status">
      <p role="status" tabIndex={-1} ref={line}>
        {syncLine(status)}
      </p>
      <Problems said={status.problems} />
      <dl>
        <dt>Storage</dt>
        <dd>{status.endpoint}</dd>
        <dt>Devices seen</dt>
        <dd>{status.devices}</dd>
        <dt>Waiting in Review</dt>
        <dd>{status.review > 0 ? <a href="#review">{status.review}</a> : 0}</dd>
      </dl>
      <div className="row">
        {/* Busy, not disabled, while a sync the background started runs: a focused button that becomes
            `disabled` drops focus to the page body (#16). */}
        <Button variant="primary" busy={now.busy || status.running} onClick={() => void now.run()}>
          Sync now
        </Button>
        <Button busy={off.busy} onClick={() => void off.run()}>
          Disconnect this device
        </Button>
      </div>
      <p className="muted">Disconnecting keeps everything on this device and on your storage.</p>
      {(now.error ?? off.error) && (
        <p role="alert" className="error">
          {now.error ?? off.error}
        </p>
      )}
    </div>
  );
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
  const [status, setStatus] = useSyncStatus();
  const [notice, setNotice] = useState('');
  const { lineRef, saidRef, focusOn } = useFocusAfter();
  const connect = useAction(async (req: SyncConnect) => {
    // Asked inside the click (the request starts before any await), and answered before the first request goes
    // out: without host access the worker's requests are CORS-bound and most WebDAV servers refuse them.
    const granted = await askStorageAccess(req.backend);
    setNotice('');
    setStatus(await sendMessage('syncConnect', req));
    if (!granted) setNotice('Engram was not given access to that address: sync works only if it allows it.');
    focusOn('line');
  });
  const disconnected = () => {
    setNotice('This device is disconnected. Everything stays on this device and on your storage.');
    focusOn('said');
  };
  const intro =
    'One memory on every device, through storage you already have. Everything is encrypted on this device first.';
  return (
    <Section id="sync" title="Sync" intro={intro}>
      {status?.connected ? (
        <StatusCard status={status} onChange={setStatus} onDisconnected={disconnected} line={lineRef} />
      ) : (
        <>
          {status?.ended && <p role="status">{syncLine(status)}</p>}
          <SyncForm busy={connect.busy} onConnect={(req) => void connect.run(req)} />
        </>
      )}
      {notice && (
        <p role="status" tabIndex={-1} ref={saidRef}>
          {notice}
        </p>
      )}
      {connect.error && (
        <p role="alert" className="error">
          Could not connect: {connect.error}
        </p>
      )}
    </Section>
  );
}
