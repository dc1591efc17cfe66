// One sync conflict in Review (#15): every version side by side, with the device that made it and when; the person
// keeps one or writes a merged text. Resolving is a local edit made from every version, so it clears everywhere.
import { useState } from 'react';
import { sendMessage } from '../../lib/messaging/send';
import type { ConflictVersion, SyncConflict } from '../../lib/store/sync-conflicts';
import { isDeleted } from '../../lib/sync/merge';
import { dateLabel } from '../shared/labels';
import { TextForm } from '../shared/TextForm';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { keepFocusItem } from '../shared/useKeepFocus';

function versionTitle(v: ConflictVersion): string {
  const where = v.device === null ? 'this device' : `device ${v.device.slice(0, 8)}`;
  const what = isDeleted(v.memory) ? 'Deleted' : 'Edited';
  return `${what} on ${where}, ${dateLabel(v.at)}${v.shown ? ' (shown now)' : ' (kept in history)'}`;
}

function MergeForm({ conflict, onDone }: { conflict: SyncConflict; onDone: () => void }) {
  const first = conflict.versions.find((v) => !isDeleted(v.memory));
  const seen = conflict.versions.map((v) => v.id);
  return (
    <TextForm
      label="Merged text"
      initial={first?.memory?.text ?? conflict.memory.text}
      rows={3}
      submitLabel="Save merged text"
      failed="Could not save the merged text"
      tryThis="Try again."
      save={(text) => sendMessage('resolveConflict', { id: conflict.memory.id, seen, text })}
      onDone={onDone}
    />
  );
}

function Version({ conflict, version }: { conflict: SyncConflict; version: ConflictVersion }) {
  const seen = conflict.versions.map((v) => v.id);
  const keep = useAction(() =>
    sendMessage('resolveConflict', { id: conflict.memory.id, seen, keep: version.id }),
  );
  const title = versionTitle(version);
  return (
    <li className="stack tight" aria-label={title}>
      <span className="small">{title}</span>
      <p className="memory-text">
        {isDeleted(version.memory) ? (
          <del>{version.memory?.text ?? 'Deleted forever'}</del>
        ) : (
          version.memory?.text
        )}
      </p>
      <div className="row">
        <Button busy={keep.busy} onClick={() => void keep.run()}>
          {isDeleted(version.memory) ? 'Keep it deleted' : 'Keep this version'}
        </Button>
      </div>
      <ErrorText what="Could not keep this version" error={keep.error} tryThis="Try again." />
    </li>
  );
}

export function ConflictCard({ conflict }: { conflict: SyncConflict }) {
  const [merging, setMerging] = useState(false);
  return (
    <li
      className="card stack tight"
      aria-label={`Changed on two devices: ${conflict.memory.text}`}
      {...keepFocusItem(`conflict:${conflict.memory.id}`)}
    >
      <strong>Changed on two devices at once</strong>
      <p className="small">
        Both versions are kept until you choose; your choice reaches every device at its next sync.
      </p>
      <ul className="plain stack" aria-label="Versions">
        {conflict.versions.map((v) => (
          <Version key={v.id} conflict={conflict} version={v} />
        ))}
      </ul>
      {merging ? (
        <MergeForm conflict={conflict} onDone={() => setMerging(false)} />
      ) : (
        <div className="row">
          <Button onClick={() => setMerging(true)}>Write a merged text</Button>
        </div>
      )}
    </li>
  );
}
