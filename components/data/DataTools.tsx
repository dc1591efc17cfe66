// Data section tools (#6): Markdown export, storage used, and Delete everything.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { memoriesMarkdown } from '../../lib/manage/markdown';
import { sendMessage } from '../../lib/messaging/send';
import { listAllMemories } from '../../lib/store/views';
import { downloadText } from './download';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';

export function MarkdownExport() {
  const { run, error, busy } = useAction(async () => {
    const name = `engram-memories-${new Date().toISOString().slice(0, 10)}.md`;
    downloadText(name, memoriesMarkdown(await listAllMemories()), 'text/markdown');
  });
  return (
    <>
      <Button busy={busy} onClick={() => void run()}>
        Export memories as Markdown
      </Button>
      <ErrorText what="Markdown export failed" error={error} tryThis="Try again." />
    </>
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function StorageUsed() {
  const [text, setText] = useState('Measuring storage…');
  useEffect(() => {
    let live = true;
    navigator.storage
      .estimate()
      .then((e) => live && setText(`Using ${megabytes(e.usage ?? 0)} of this browser’s storage.`))
      .catch(() => live && setText('This browser does not say how much storage is used.'));
    return () => {
      live = false;
    };
  }, []);
  return <p className="muted">{text}</p>;
}

/** Typing DELETE is the confirmation; the background checks the same word. */
function useDeleteEverything(onDeleted?: () => void) {
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState(false);
  const said = useRef<HTMLSpanElement>(null);
  const action = useAction(() => sendMessage('deleteEverything', { confirm: 'DELETE' }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (typed !== 'DELETE' || action.busy) return;
    if (await action.run()) {
      setTyped('');
      setDone(true);
      onDeleted?.();
    }
  };
  // The emptied word disables the button, which dropped focus to the body (#16): it goes to what happened.
  useEffect(() => void (done && said.current?.focus()), [done]);
  const type = (text: string) => (setTyped(text), setDone(false));
  return { typed, type, done, said, submit, ...action };
}

export function DeleteEverything({ onDeleted }: { onDeleted?: () => void }) {
  const { typed, type, done, said, submit, error, busy } = useDeleteEverything(onDeleted);
  const id = 'delete-everything';
  return (
    <form className="card stack danger-zone" onSubmit={submit} aria-label="Delete everything">
      <h2>Delete everything</h2>
      <Field
        id={id}
        label="Type DELETE to erase every memory, conversation, job and usage record"
        hint="This cannot be undone. Export first if you may want it back. Your settings stay."
      >
        <input
          id={id}
          value={typed}
          autoComplete="off"
          aria-describedby={describedBy(id, true, null)}
          onChange={(e) => type(e.target.value)}
        />
      </Field>
      <div className="row">
        <Button variant="danger" type="submit" busy={busy} disabled={typed !== 'DELETE'}>
          Delete everything
        </Button>
        {done && (
          <span role="status" tabIndex={-1} ref={said}>
            Everything was deleted.
          </span>
        )}
      </div>
      <ErrorText what="Could not delete everything" error={error} tryThis="Reload the page and try again." />
    </form>
  );
}
