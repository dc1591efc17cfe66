// The consent window (#27, Options → Desktop apps → Ask me each time): which desktop app asks, with which tool,
// for what, and how long it waits. Nothing is answered unless the person presses Allow; closing the window, or
// waiting it out, says no.
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { AskView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

function useSecondsLeft(until: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return until === undefined ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

export function AskApp({ ask }: { ask: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<AskView | null | undefined>(undefined);
  useEffect(() => {
    sendMessage('agentAskShow', { ask }).then(setView, () => setView(null));
  }, [ask]);
  const left = useSecondsLeft(view?.until);
  const answer = useAction(async (allow: boolean) => {
    await sendMessage('agentAskAnswer', { ask, allow });
    window.close();
  });
  if (view === undefined) return <p className="muted">{t('common.loading')}</p>;
  if (view === null || left === 0)
    return (
      <main className="stack ask">
        <p>{t('ask.expired')}</p>
      </main>
    );
  return (
    <main className="stack ask" aria-labelledby="ask-title">
      <h1 id="ask-title">{t(`ask.tool.${view.tool}`, { app: view.agent })}</h1>
      {view.tool !== 'list_memories' && <blockquote className="quote">{view.what}</blockquote>}
      <p className="muted small">{t('ask.note', { count: left ?? 0 })}</p>
      <div className="row">
        <Button variant="primary" busy={answer.busy} onClick={() => void answer.run(true)}>
          {t('ask.allow')}
        </Button>
        <Button busy={answer.busy} onClick={() => void answer.run(false)}>
          {t('ask.deny')}
        </Button>
      </div>
      <ErrorText what={t('ask.failed')} error={answer.error} tryThis={t('ask.failedTry')} />
    </main>
  );
}
