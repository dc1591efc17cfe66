// The consent window (#27, Options → Desktop apps → Ask me each time): which desktop app asks, with which tool,
// for what, exactly what it may read (#34 item 4), and how long it waits. Nothing is answered unless the person
// presses Allow; closing the window, or waiting it out, says no. Allow works only once the window has been
// visible and focused for STEADY_MS (#34 item 5): a window that appears under a click the person meant for
// something else takes no answer from it. Its words are ask.* in the catalogue (#37).
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskReads, AskView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

export const STEADY_MS = 500;

/** True once the window has been visible and focused for `ms` in a row; false again when it is not. */
export function useSteadySight(ms = STEADY_MS): boolean {
  const [steady, setSteady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      setSteady(false);
      if (document.visibilityState === 'visible' && document.hasFocus())
        timer = setTimeout(() => setSteady(true), ms);
    };
    check();
    window.addEventListener('focus', check);
    window.addEventListener('blur', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('blur', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [ms]);
  return steady;
}

/** Exactly what the app gets if the person allows it: ask.reads.<what>, then what happens to secrets. */
export function readsLabel(t: TFunction, tool: AskView['tool'], reads: AskReads): string {
  const scope = reads.scoped ? 'scoped' : 'global';
  const what =
    tool !== 'search_memory'
      ? (`all_${scope}` as const)
      : reads.pastChats
        ? (`search_${scope}Quotes` as const)
        : (`search_${scope}` as const);
  return `${t(`ask.reads.${what}`)} ${t(reads.redacted ? 'ask.reads.redacted' : 'ask.reads.notRedacted')}`;
}

function useSecondsLeft(until: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return until === undefined ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

function Question({ view, left }: { view: AskView; left: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 id="ask-title">{t(`ask.tool.${view.tool}`, { app: view.agent })}</h1>
      {view.tool !== 'list_memories' && <blockquote className="quote">{view.what}</blockquote>}
      <p>{readsLabel(t, view.tool, view.reads)}</p>
      <p className="muted small">{t('ask.note', { count: left ?? 0 })}</p>
    </>
  );
}

export function AskApp({ ask }: { ask: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<AskView | null | undefined>(undefined);
  useEffect(() => {
    sendMessage('agentAskShow', { ask }).then(setView, () => setView(null));
  }, [ask]);
  const left = useSecondsLeft(view?.until);
  const steady = useSteadySight();
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
      <Question view={view} left={left} />
      <div className="row">
        <Button variant="primary" busy={answer.busy} disabled={!steady} onClick={() => void answer.run(true)}>
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
