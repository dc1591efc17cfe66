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
  return (
    <fieldset className="stack tight">
      <legend>Delete this conversation and its turns. What about the memories it produced?</legend>
      <label className="inline">
        <input type="radio" name={name} checked={!remove} onChange={() => onChange(false)} />
        Keep them
      </label>
      <label className="inline">
        <input type="radio" name={name} checked={remove} onChange={() => onChange(true)} />
        Move them to the Trash (memories other chats also support are kept)
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
          Delete conversation
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
      <ErrorText
        what="Could not delete the conversation"
        error={error}
        tryThis="Reload the page and try again."
      />
    </form>
  );
}
