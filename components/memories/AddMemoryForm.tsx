import { useTranslation } from 'react-i18next';
import { useRef, useState, type FormEvent } from 'react';
import { MemoryType } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { typeOptions } from '../shared/labels';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

export function TypeSelect({ value, onChange }: { value: MemoryType; onChange: (t: MemoryType) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('filters.type')}{' '}
      <select value={value} onChange={(e) => onChange(MemoryType.parse(e.target.value))}>
        {typeOptions(t).map(([type, label]) => (
          <option key={type} value={type}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AddMemoryForm() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [type, setType] = useState<MemoryType>('profile');
  const { run, error, busy } = useAction(() => sendMessage('addMemory', { text, type }));
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const sent = text;
    const from = document.activeElement;
    if (!(await run())) return;
    // The list shows the memory before the background's answer arrives (the store's live query): a person may
    // already be typing elsewhere, here or in Search. Only what was sent is cleared, and focus comes back only
    // if it has not moved on (manager.e2e "keyboard only" typed its search into this box when the answer came
    // late, under load).
    setText((now) => (now === sent ? '' : now));
    const still = document.activeElement;
    // The emptied form disables Add memory, which drops focus to the body (#16): ready for the next one.
    if (still === from || still === document.body || still === null) field.current?.focus();
  };
  return (
    <form className="stack card" onSubmit={submit}>
      <label className="stack">
        <span>{t('addMemory.label')}</span>
        <textarea
          ref={field}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          required
          maxLength={2000}
          placeholder={t('addMemory.example')}
        />
      </label>
      <div className="row">
        <TypeSelect value={type} onChange={setType} />
        <Button variant="primary" type="submit" busy={busy} disabled={text.trim() === ''}>
          {t('addMemory.add')}
        </Button>
      </div>
      <ErrorText what={t('addMemory.failed')} error={error} />
    </form>
  );
}
