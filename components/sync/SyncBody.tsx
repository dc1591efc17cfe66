// What Options → Sync shows of this device's sync (#15, #25): the status and what went wrong at the last sync, the
// devices that have written, or the new passphrase Delete everything waits for, or (not syncing) the connect form.
import { useTranslation } from 'react-i18next';
import type { ReactNode, RefObject } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { SyncProblem, SyncStatus } from '../../lib/model/sync';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { Devices } from './Devices';
import { KeyChange } from './KeyChange';
import { syncLine } from './syncLine';
import { syncProblemText } from './syncProblems';

/** What went wrong with remote files at the last sync (#25): nothing of those files was applied. */
function Problems({ said }: { said: SyncProblem[] }) {
  const { t, i18n } = useTranslation();
  if (said.length === 0) return null;
  return (
    <div role="alert" className="error">
      <p>{t('sync.lastSync')}</p>
      <ul>
        {said.map((p) => (
          <li key={typeof p === 'string' ? p : p.kind}>{syncProblemText(t, i18n.language, p)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Changes another device wrote with a newer Engram (#38): kept here and passed on, read once this one updates.
 * Said per device, so the person knows which one runs the newer version.
 */
function Waiting({ waiting }: { waiting: SyncStatus['waiting'] }) {
  const { t } = useTranslation();
  if (waiting.length === 0) return null;
  return (
    <ul>
      {waiting.map((w) => (
        <li key={w.id}>{t('sync.waiting', { count: w.count, device: w.name ?? w.id.slice(0, 8) })}</li>
      ))}
    </ul>
  );
}

interface CardProps {
  status: SyncStatus;
  onChange: (s: SyncStatus | null) => void;
  onDisconnected: () => void;
  line: RefObject<HTMLParagraphElement | null>;
}

function StatusCard({ status, onChange, onDisconnected, line }: CardProps) {
  const { t, i18n } = useTranslation();
  const now = useAction(async () => onChange(await sendMessage('syncNow', {})));
  const off = useAction(async () => {
    await sendMessage('syncDisconnect', {});
    onChange(await sendMessage('getSyncStatus', {}));
    onDisconnected();
  });
  return (
    <div className="stack card" role="group" aria-label={t('sync.status')}>
      <p role="status" tabIndex={-1} ref={line}>
        {syncLine(t, i18n.language, status)}
      </p>
      <Problems said={status.problems} />
      <Waiting waiting={status.waiting} />
      <dl>
        <dt>{t('sync.storage')}</dt>
        <dd>{status.endpoint}</dd>
        <dt>{t('sync.devicesSeen')}</dt>
        <dd>{status.devices}</dd>
        <dt>{t('sync.inReview')}</dt>
        <dd>{status.review > 0 ? <a href="#review">{status.review}</a> : 0}</dd>
      </dl>
      <div className="row">
        {/* Busy, not disabled, while a sync the background started runs: a focused button that becomes
            `disabled` drops focus to the page body (#16). */}
        <Button variant="primary" busy={now.busy || status.running} onClick={() => void now.run()}>
          {t('sync.now')}
        </Button>
        <Button busy={off.busy} onClick={() => void off.run()}>
          {t('sync.disconnect')}
        </Button>
      </div>
      <p className="muted">{t('sync.disconnectHint')}</p>
      <ErrorText what={t('sync.failed')} error={now.error ?? off.error} />
    </div>
  );
}

interface BodyProps {
  status: SyncStatus | null;
  onChange: (s: SyncStatus | null) => void;
  focusOn: (target: 'line' | 'said') => void;
  line: RefObject<HTMLParagraphElement | null>;
  onDisconnected: () => void;
  /** The connect form, shown when this device is not syncing. */
  children: ReactNode;
}

/** Waiting for a new passphrase after Delete everything here (#25), syncing, or the connect form. */
export function SyncBody({ status, onChange, focusOn, line, onDisconnected, children }: BodyProps) {
  const { t, i18n } = useTranslation();
  const changed = (s: SyncStatus) => (onChange(s), focusOn('line'));
  if (status?.stopped === 'reset-here')
    return (
      <>
        <p role="status" tabIndex={-1} ref={line}>
          {syncLine(t, i18n.language, status)}
        </p>
        <KeyChange why={{ kind: 'reset' }} onDone={changed} />
      </>
    );
  if (status?.connected)
    return (
      <>
        <StatusCard status={status} onChange={onChange} onDisconnected={onDisconnected} line={line} />
        <Devices status={status} onChange={changed} />
      </>
    );
  return (
    <>
      {status?.ended && <p role="status">{syncLine(t, i18n.language, status)}</p>}
      {children}
    </>
  );
}
