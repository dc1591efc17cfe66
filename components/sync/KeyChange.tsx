// A new key under a new passphrase (#25): "Remove a device", "Change the passphrase", and the end of "Delete
// everything". The background makes the key and sends the old epoch its end; what the person reads here says what
// happens to the other devices, and to a device that knows only the old passphrase.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { SyncPeer, SyncStatus } from '../../lib/model/sync';
import { passphraseProblem } from '../../lib/sync/passphrase';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { NewPassphrase } from './NewPassphrase';

export type KeyChangeWhy = { kind: 'remove'; peer: SyncPeer } | { kind: 'change' } | { kind: 'reset' };

export function peerLabel(t: TFunction, p: SyncPeer): string {
  const name = p.name ?? t('sync.aDevice');
  return p.self ? t('sync.thisDevice', { name }) : t('sync.otherDevice', { name, id: p.id.slice(0, 8) });
}

export function KeyChange({ why, onDone }: { why: KeyChangeWhy; onDone: (s: SyncStatus) => void }) {
  const { t } = useTranslation();
  const [passphrase, setPassphrase] = useState('');
  const remove = why.kind === 'remove' ? { remove: why.peer.id } : {};
  const action = useAction(async () => onDone(await sendMessage('syncRotate', { passphrase, ...remove })));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passphraseProblem(passphrase)) void action.run();
  };
  const title =
    why.kind === 'remove'
      ? t('sync.removeTitle', { device: peerLabel(t, why.peer) })
      : t(`sync.action.${why.kind}`);
  return (
    <form className="stack card" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <p>{t(`sync.says.${why.kind}`)}</p>
      <NewPassphrase id={`new-passphrase-${why.kind}`} value={passphrase} onChange={setPassphrase} />
      <Button
        variant={why.kind === 'remove' ? 'danger' : 'primary'}
        type="submit"
        busy={action.busy}
        disabled={passphraseProblem(passphrase) !== null}
      >
        {t(`sync.action.${why.kind}`)}
      </Button>
      <ErrorText what={t('sync.keyFailed')} error={action.error} tryThis={t('sync.keyFailedTry')} />
    </form>
  );
}
