// A short text edited in place and saved with one action (Review's "Edit then approve", a sync conflict's merged
// text): Escape or Cancel leaves, an empty text cannot be saved, and a failure stays on screen with what to try.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorText } from './ui';
import { useAction } from './useAction';

interface Props {
  label: string;
  initial: string;
  rows: number;
  submitLabel: string;
  /** Shown before the error: "Could not …". */
  failed: string;
  tryThis: string;
  save: (text: string) => Promise<unknown>;
  onDone: () => void;
}

export function TextForm({ label, initial, rows, submitLabel, failed, tryThis, save, onDone }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const { run, error, busy } = useAction(() => save(text));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run()) onDone();
  };
  return (
    <form className="stack" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <label className="stack tight">
        <span>{label}</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={rows}
          required
          maxLength={2000}
          autoFocus
        />
      </label>
      <div className="row">
        <Button variant="primary" type="submit" busy={busy} disabled={text.trim() === ''}>
          {submitLabel}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </div>
      <ErrorText what={failed} error={error} tryThis={tryThis} />
    </form>
  );
}
