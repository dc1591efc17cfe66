import { useLiveQuery } from 'dexie-react-hooks';
import type { Memory } from '../lib/model/records';
import { sendMessage } from '../lib/messages';
import { listMemories } from '../lib/store/memories';
import { useAction } from './useAction';

function MemoryRow({ memory }: { memory: Memory }) {
  const { run, error, busy } = useAction(() => sendMessage('deleteMemory', { id: memory.id }));
  return (
    <li className="card row" style={{ justifyContent: 'space-between' }}>
      <span>
        {memory.text}{' '}
        <span className="muted">
          · {memory.type} · {memory.tokenCount} tokens
        </span>
      </span>
      <button
        className="danger"
        type="button"
        aria-label={`Delete memory: ${memory.text}`}
        disabled={busy}
        onClick={() => void run()}
      >
        Delete
      </button>
      {error && (
        <p role="alert" className="error">
          Could not delete: {error}
        </p>
      )}
    </li>
  );
}

export function MemoryList() {
  const memories = useLiveQuery(() => listMemories('active'), []);
  if (!memories) return <p className="muted">Loading memories…</p>;
  if (memories.length === 0)
    return <p className="muted">No memories yet. Add one above, or chat on ChatGPT or Claude.</p>;
  return (
    <ul className="plain" aria-label="Memories">
      {memories.map((m) => (
        <MemoryRow key={m.id} memory={m} />
      ))}
    </ul>
  );
}
