// Data section tools (#6): Markdown export, storage used, and Delete everything.
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/i18n/formatters';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { memoriesMarkdown } from '../../lib/manage/markdown';
import { sendMessage } from '../../lib/messaging/send';
import { listAllMemories } from '../../lib/store/views';
import { downloadText } from './download';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';

export function MarkdownExport() {
  const { t } = useTranslation();
  const { run, error, busy } = useAction(async () => {
    const name = `engram-memories-${new Date().toISOString().slice(0, 10)}.md`;
    downloadText(name, memoriesMarkdown(await listAllMemories()), 'text/markdown');
  });
  return (
    <>
      <Button busy={busy} onClick={() => void run()}>
        {t('data.markdown')}
      </Button>
      <ErrorText what={t('data.markdownFailed')} error={error} tryThis={t('common.tryAgain')} />
    </>
  );
}

export function StorageUsed() {
  const { t, i18n } = useTranslation();
  // The measured size, null while measuring, or -1 when the browser does not say.
  const [used, setUsed] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    navigator.storage
      .estimate()
      .then((e) => live && setUsed(e.usage ?? 0))
      .catch(() => live && setUsed(-1));
    return () => {
      live = false;
    };
  }, []);
  const text =
    used === null
      ? t('data.measuring')
      : used < 0
        ? t('data.noEstimate')
        : t('data.using', { size: formatBytes(used, i18n.language) });
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
  const { t } = useTranslation();
  const { typed, type, done, said, submit, error, busy } = useDeleteEverything(onDeleted);
  const id = 'delete-everything';
  return (
    <form className="card stack danger-zone" onSubmit={submit} aria-label={t('data.deleteAll')}>
      <h2>{t('data.deleteAll')}</h2>
      <Field id={id} label={t('data.deleteLabel')} hint={t('data.deleteHint')}>
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
          {t('data.deleteAll')}
        </Button>
        {done && (
          <span role="status" tabIndex={-1} ref={said}>
            {t('data.deleted')}
          </span>
        )}
      </div>
      <ErrorText what={t('data.deleteFailed')} error={error} tryThis={t('common.reloadAndRetry')} />
    </form>
  );
}
