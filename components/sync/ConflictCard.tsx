// One sync conflict in Review (#15): every version side by side, with the device that made it and when; the person
// keeps one or writes a merged text. Resolving is a local edit made from every version, so it clears everywhere.
import { useState, type FormEvent } from 'react';
import { sendMessage } from '../../lib/messages';
import type { ConflictVersion, SyncConflict } from '../../lib/store/sync-conflicts';
import { dateLabel } from '../labels';
import { Button, ErrorText } from '../ui';
import { useAction } from '../useAction';

const isDelete = (v: ConflictVersion) => v.memory === null || v.memory.status === 'deleted';

function versionTitle(v: ConflictVersion): string {
  const where = v.device === null ? 'this device' : `device ${v.device.slice(0, 8)}`;
  const what = isDelete(v) ? 'Deleted' : 'Edited';
  return `${what} on ${where}, ${dateLabel(v.at)}${v.shown ? ' (shown now)' : ' (kept in history)'}`;
}

function MergeForm({ conflict, onDone }: { conflict: SyncConflict; onDone: () => void }) {
  const first = conflict.versions.find((v) => !isDelete(v));
  const [text, setText] = useState(first?.memory?.text ?? conflict.memory.text);
  const seen = conflict.versions.map((v) => v.id);
  const { run, error, busy } = useAction(() =>
    sendMessage('resolveConflict', { id: conflict.memory.id, seen, text }),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run()) onDone();
  };
  return (
    <form className="stack" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <label className="stack tight">
        <span>Merged text</span>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} required maxLength={2000} />
      </label>
      <div className="row">
        <Button variant="primary" type="submit" disabled={busy || text.trim() === ''}>
          Save merged text
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
      <ErrorText what="Could not save the merged text" error={error} tryThis="Try again." />
    </form>
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
        {isDelete(version) ? <del>{version.memory?.text ?? 'Deleted forever'}</del> : version.memory?.text}
      </p>
      <div className="row">
        <Button disabled={keep.busy} onClick={() => void keep.run()}>
          {isDelete(version) ? 'Keep it deleted' : 'Keep this version'}
        </Button>
      </div>
      <ErrorText what="Could not keep this version" error={keep.error} tryThis="Try again." />
    </li>
  );
}

export function ConflictCard({ conflict }: { conflict: SyncConflict }) {
  const [merging, setMerging] = useState(false);
  return (
    <li className="card stack tight" aria-label={`Changed on two devices: ${conflict.memory.text}`}>
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
