import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import type { Memory, MemoryType } from '../../lib/model/records';
import { MemoryPatch } from '../../lib/model/messages';
import { sendMessage } from '../../lib/messaging/send';
import { TypeSelect } from './AddMemoryForm';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { useScopeChoices } from './scopes';

function useEditor(memory: Memory, onDone: () => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    text: memory.text,
    type: memory.type,
    priority: String(memory.priority),
    scope: memory.scope,
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useAction((patch: MemoryPatch) => sendMessage('updateMemory', patch));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = MemoryPatch.safeParse({ ...draft, id: memory.id, priority: Number(draft.priority) });
    setInvalid(parsed.success ? null : t('editor.priorityRule'));
    if (parsed.success && (await action.run(parsed.data))) onDone();
  };
  return { draft, setDraft, invalid, submit, ...action };
}

type Draft = ReturnType<typeof useEditor>['draft'];

function Fields({
  id,
  draft,
  set,
  invalid,
}: {
  id: string;
  draft: Draft;
  set: (d: Draft) => void;
  invalid: string | null;
}) {
  const { t } = useTranslation();
  const scopes = useScopeChoices().options(draft.scope);
  return (
    <div className="row">
      <TypeSelect value={draft.type} onChange={(type: MemoryType) => set({ ...draft, type })} />
      <Field id={`${id}-priority`} label={t('filters.sort.priority')} error={invalid}>
        <input
          id={`${id}-priority`}
          type="number"
          value={draft.priority}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy(`${id}-priority`, false, invalid)}
          onChange={(e) => set({ ...draft, priority: e.target.value })}
        />
      </Field>
      <label className="inline">
        <span>{t('filters.scope')}</span>
        <select value={draft.scope} onChange={(e) => set({ ...draft, scope: e.target.value })}>
          {scopes.map(([s, label]) => (
            <option key={s} value={s}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Inline edit of text, type, priority and scope. Escape cancels; Save sends one updateMemory. */
export function MemoryEditor({ memory, onDone }: { memory: Memory; onDone: () => void }) {
  const { t } = useTranslation();
  const { draft, setDraft, invalid, submit, error, busy } = useEditor(memory, onDone);
  const id = `edit-${memory.id}`;
  return (
    <form
      className="stack editor"
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      aria-label={t('editor.label')}
    >
      <Field id={`${id}-text`} label={t('editor.text')}>
        <textarea
          id={`${id}-text`}
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          rows={2}
          required
          maxLength={2000}
          autoFocus
        />
      </Field>
      <Fields id={id} draft={draft} set={setDraft} invalid={invalid} />
      <div className="row">
        <Button variant="primary" type="submit" busy={busy} disabled={draft.text.trim() === ''}>
          {t('common.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <span className="muted">{t('editor.hint')}</span>
      </div>
      <ErrorText what={t('editor.failed')} error={error} tryThis={t('editor.failedTry')} />
    </form>
  );
}
