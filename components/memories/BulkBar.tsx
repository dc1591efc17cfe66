import { useState } from 'react';
import type { BulkRequest } from '../../lib/model/messages';
import type { Memory } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText, Select } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { useScopeChoices } from './scopes';

/** Acts on the selected memories at once: pin, unpin, move to a scope, delete (with Undo). */
export function BulkBar({
  selected,
  onDone,
  onDeleted,
}: {
  selected: Memory[];
  onDone: () => void;
  onDeleted: (memories: Memory[]) => void;
}) {
  const [scope, setScope] = useState('global');
  const choices = useScopeChoices();
  const { run, error, busy } = useAction(async (action: BulkRequest['action']) => {
    const ids = selected.map((m) => m.id);
    await sendMessage('bulkMemories', { ids, action, scope: action === 'scope' ? scope : undefined });
    if (action === 'delete') onDeleted(selected);
    onDone();
  });
  return (
    <div className="card row bulk" role="group" aria-label="Selected memories">
      <strong>{selected.length} selected</strong>
      <Button busy={busy} onClick={() => void run('pin')}>
        Pin
      </Button>
      <Button busy={busy} onClick={() => void run('unpin')}>
        Unpin
      </Button>
      <Select label="Scope" value={scope} onChange={setScope} options={choices.options()} />
      <Button busy={busy} onClick={() => void run('scope')}>
        Change scope
      </Button>
      <Button variant="danger" busy={busy} onClick={() => void run('delete')}>
        Delete selected
      </Button>
      <Button onClick={onDone}>Clear selection</Button>
      <ErrorText what="Could not change the selected memories" error={error} tryThis="Try again." />
    </div>
  );
}
