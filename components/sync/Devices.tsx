// The devices that have written to the sync storage (#25), each with its last write, and the way to shut one out:
// "Remove" makes a new key under a new passphrase, so a lost or stolen device reads nothing written after.
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { SyncStatus } from '../../lib/model/sync';
import { dateLabel } from '../shared/labels';
import { Button } from '../shared/ui';
import { KeyChange, peerLabel, type KeyChangeWhy } from './KeyChange';

export function Devices({ status, onChange }: { status: SyncStatus; onChange: (s: SyncStatus) => void }) {
  const { t, i18n } = useTranslation();
  const [why, setWhy] = useState<KeyChangeWhy | null>(null);
  const done = (s: SyncStatus) => (setWhy(null), onChange(s));
  return (
    <div className="stack card" role="group" aria-label={t('sync.devices')}>
      <h2>{t('sync.devices')}</h2>
      <ul className="stack">
        {status.peers.map((p) => (
          <li key={p.id} className="row">
            <span>
              {peerLabel(t, p)}
              {!p.self && ` — ${t('sync.lastWrote', { when: dateLabel(t, p.at, i18n.language) })}`}
            </span>
            {!p.self && (
              <Button variant="link" onClick={() => setWhy({ kind: 'remove', peer: p })}>
                {t('sync.removeTitle', { device: peerLabel(t, p) })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="muted">{t('sync.devicesHint')}</p>
      <div className="row">
        <Button onClick={() => setWhy({ kind: 'change' })}>{t('sync.changePassphrase')}</Button>
      </div>
      {why && <KeyChange key={why.kind === 'remove' ? why.peer.id : why.kind} why={why} onDone={done} />}
    </div>
  );
}
