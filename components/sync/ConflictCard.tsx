// One sync conflict in Review (#15): every version side by side, with the device that made it and when; the person
// keeps one or writes a merged text. Resolving is a local edit made from every version, so it clears everywhere.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { ConflictVersion, SyncConflict } from '../../lib/store/sync-conflicts';
import { isDeleted } from '../../lib/sync/merge';
import { dateLabel } from '../shared/labels';
import { TextForm } from '../shared/TextForm';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { keepFocusItem } from '../shared/useKeepFocus';

function versionTitle(t: TFunction, lng: string, v: ConflictVersion): string {
  const where = v.device === null ? t('sync.here') : t('sync.device', { id: v.device.slice(0, 8) });
  const when = dateLabel(t, v.at, lng);
  const state = v.shown ? t('sync.shownNow') : t('sync.inHistory');
  return isDeleted(v.memory)
    ? t('sync.deletedOn', { where, when, state })
    : t('sync.editedOn', { where, when, state });
}

function MergeForm({ conflict, onDone }: { conflict: SyncConflict; onDone: () => void }) {
  const { t } = useTranslation();
  const first = conflict.versions.find((v) => !isDeleted(v.memory));
  const seen = conflict.versions.map((v) => v.id);
  return (
    <TextForm
      label={t('sync.merged')}
      initial={first?.memory?.text ?? conflict.memory.text}
      rows={3}
      submitLabel={t('sync.saveMerged')}
      failed={t('sync.mergeFailed')}
      tryThis={t('common.tryAgain')}
      save={(text) => sendMessage('resolveConflict', { id: conflict.memory.id, seen, text })}
      onDone={onDone}
    />
  );
}

function Version({ conflict, version }: { conflict: SyncConflict; version: ConflictVersion }) {
  const { t, i18n } = useTranslation();
  const seen = conflict.versions.map((v) => v.id);
  const keep = useAction(() =>
    sendMessage('resolveConflict', { id: conflict.memory.id, seen, keep: version.id }),
  );
  const title = versionTitle(t, i18n.language, version);
  return (
    <li className="stack tight" aria-label={title}>
      <span className="small">{title}</span>
      <p className="memory-text">
        {isDeleted(version.memory) ? (
          <del>{version.memory?.text ?? t('sync.deletedForever')}</del>
        ) : (
          version.memory?.text
        )}
      </p>
      <div className="row">
        <Button busy={keep.busy} onClick={() => void keep.run()}>
          {isDeleted(version.memory) ? t('sync.keepDeleted') : t('sync.keepVersion')}
        </Button>
      </div>
      <ErrorText what={t('sync.keepFailed')} error={keep.error} tryThis={t('common.tryAgain')} />
    </li>
  );
}

export function ConflictCard({ conflict }: { conflict: SyncConflict }) {
  const { t } = useTranslation();
  const [merging, setMerging] = useState(false);
  return (
    <li
      className="card stack tight"
      aria-label={t('sync.conflictLabel', { text: conflict.memory.text })}
      {...keepFocusItem(`conflict:${conflict.memory.id}`)}
    >
      <strong>{t('sync.conflictTitle')}</strong>
      <p className="small">{t('sync.conflictHint')}</p>
      <ul className="plain stack" aria-label={t('sync.versions')}>
        {conflict.versions.map((v) => (
          <Version key={v.id} conflict={conflict} version={v} />
        ))}
      </ul>
      {merging ? (
        <MergeForm conflict={conflict} onDone={() => setMerging(false)} />
      ) : (
        <div className="row">
          <Button onClick={() => setMerging(true)}>{t('sync.writeMerged')}</Button>
        </div>
      )}
    </li>
  );
}
