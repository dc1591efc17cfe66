import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import type { Conversation } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

function MemoryChoice({
  name,
  remove,
  onChange,
}: {
  name: string;
  remove: boolean;
  onChange: (r: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack tight">
      <legend>{t('deleteConversation.question')}</legend>
      <label className="inline">
        <input type="radio" name={name} checked={!remove} onChange={() => onChange(false)} />
        {t('deleteConversation.keep')}
      </label>
      <label className="inline">
        <input type="radio" name={name} checked={remove} onChange={() => onChange(true)} />
        {t('deleteConversation.trash')}
      </label>
    </fieldset>
  );
}

/** Asks what to do with the memories a conversation produced, then deletes it. */
export function DeleteConversation({
  conversation,
  onCancel,
}: {
  conversation: Conversation;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [removeMemories, setRemove] = useState(false);
  const { run, error, busy } = useAction(() =>
    sendMessage('deleteConversation', { key: conversation.key, removeMemories }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };
  return (
    <form className="stack tight" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <MemoryChoice name={`keep-${conversation.key}`} remove={removeMemories} onChange={setRemove} />
      <div className="row">
        <Button variant="danger" type="submit" busy={busy}>
          {t('deleteConversation.delete')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </div>
      <ErrorText what={t('deleteConversation.failed')} error={error} tryThis={t('common.reloadAndRetry')} />
    </form>
  );
}
