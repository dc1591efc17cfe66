// A new key under a new passphrase (#25): "Remove a device", "Change the passphrase", and the end of "Delete
// everything". The background makes the key and sends the old epoch its end; what the person reads here says what
// happens to the other devices, and to a device that knows only the old passphrase.
import { useState, type FormEvent } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { SyncPeer, SyncStatus } from '../../lib/model/sync';
import { passphraseProblem } from '../../lib/sync/passphrase';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { NewPassphrase } from './NewPassphrase';

export type KeyChangeWhy = { kind: 'remove'; peer: SyncPeer } | { kind: 'change' } | { kind: 'reset' };

export function peerLabel(p: SyncPeer): string {
  const name = p.name ?? 'A device';
  return p.self ? `This device (${name})` : `${name}, device ${p.id.slice(0, 8)}`;
}

const SAYS: Record<KeyChangeWhy['kind'], string> = {
  remove:
    'Engram makes a new key under the new passphrase and sends everything this device holds under it. Your other devices stop until you enter the new passphrase on each; the removed device cannot read anything written from now on, with or without the old passphrase. If it was lost or stolen, also change your storage password: it still has that.',
  change:
    'Engram makes a new key under the new passphrase and sends everything this device holds under it. Your other devices stop until you enter the new passphrase on each.',
  reset:
    'Your other devices empty themselves at their next sync. Set a new passphrase to sync again: a device that knows only the old one can read nothing written from now on.',
};

const ACTION: Record<KeyChangeWhy['kind'], string> = {
  remove: 'Remove the device and change the passphrase',
  change: 'Change the passphrase',
  reset: 'Set the new passphrase',
};

export function KeyChange({ why, onDone }: { why: KeyChangeWhy; onDone: (s: SyncStatus) => void }) {
  const [passphrase, setPassphrase] = useState('');
  const remove = why.kind === 'remove' ? { remove: why.peer.id } : {};
  const action = useAction(async () => onDone(await sendMessage('syncRotate', { passphrase, ...remove })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passphraseProblem(passphrase)) void action.run();
  };
  const title = why.kind === 'remove' ? `Remove ${peerLabel(why.peer)}` : ACTION[why.kind];
  return (
    <form className="stack card" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <p>{SAYS[why.kind]}</p>
      <NewPassphrase id={`new-passphrase-${why.kind}`} value={passphrase} onChange={setPassphrase} />
      <Button
        variant={why.kind === 'remove' ? 'danger' : 'primary'}
        type="submit"
        busy={action.busy}
        disabled={passphraseProblem(passphrase) !== null}
      >
        {ACTION[why.kind]}
      </Button>
      <ErrorText what="The key was not changed" error={action.error} tryThis="Nothing was sent." />
    </form>
  );
}
