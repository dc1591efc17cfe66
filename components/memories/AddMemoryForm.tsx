import { useRef, useState, type FormEvent } from 'react';
import { MemoryType } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { TYPE_LABELS } from '../shared/labels';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

export function TypeSelect({ value, onChange }: { value: MemoryType; onChange: (t: MemoryType) => void }) {
  return (
    <label>
      Type{' '}
      <select value={value} onChange={(e) => onChange(MemoryType.parse(e.target.value))}>
        {MemoryType.options.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABELS[t]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AddMemoryForm() {
  const [text, setText] = useState('');
  const [type, setType] = useState<MemoryType>('profile');
  const { run, error, busy } = useAction(() => sendMessage('addMemory', { text, type }));
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!(await run())) return;
    setText('');
    // Ready for the next one; the emptied form disables Add memory, which dropped focus to the body (#16).
    field.current?.focus();
  };
  return (
    <form className="stack card" onSubmit={submit}>
      <label className="stack">
        <span>New memory</span>
        <textarea
          ref={field}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          required
          maxLength={2000}
          placeholder="e.g. I live in Berlin and work as a nurse."
        />
      </label>
      <div className="row">
        <TypeSelect value={type} onChange={setType} />
        <Button variant="primary" type="submit" busy={busy} disabled={text.trim() === ''}>
          Add memory
        </Button>
      </div>
      {error && (
        <p role="alert" className="error">
          Could not add the memory: {error}
        </p>
      )}
    </form>
  );
}
