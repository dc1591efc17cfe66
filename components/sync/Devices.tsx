// The devices that have written to the sync storage (#25), each with its last write, and the way to shut one out:
// "Remove" makes a new key under a new passphrase, so a lost or stolen device reads nothing written after.
import { useState } from 'react';
import type { SyncStatus } from '../../lib/model/sync';
import { dateLabel } from '../shared/labels';
import { Button } from '../shared/ui';
import { KeyChange, peerLabel, type KeyChangeWhy } from './KeyChange';

export function Devices({ status, onChange }: { status: SyncStatus; onChange: (s: SyncStatus) => void }) {
  const [why, setWhy] = useState<KeyChangeWhy | null>(null);
  const done = (s: SyncStatus) => (setWhy(null), onChange(s));
  return (
    <div className="stack card" role="group" aria-label="Devices">
      <h2>Devices</h2>
      <ul className="stack">
        {status.peers.map((p) => (
          <li key={p.id} className="row">
            <span>
              {peerLabel(p)}
              {!p.self && ` — last wrote ${dateLabel(p.at)}`}
            </span>
            {!p.self && (
              <Button variant="link" onClick={() => setWhy({ kind: 'remove', peer: p })}>
                Remove {peerLabel(p)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="muted">
        A device shows here once this one has read something it wrote. Removing one, or changing the
        passphrase, makes a new key: every device you keep needs the new passphrase once.
      </p>
      <div className="row">
        <Button onClick={() => setWhy({ kind: 'change' })}>Change the passphrase…</Button>
      </div>
      {why && <KeyChange key={why.kind === 'remove' ? why.peer.id : why.kind} why={why} onDone={done} />}
    </div>
  );
}
