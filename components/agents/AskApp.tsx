// The consent window (#27, Options → Desktop apps → Ask me each time): which desktop app asks, with which tool,
// for what, exactly what it may read (#34 item 4), and how long it waits. Nothing is answered unless the person
// presses Allow; closing the window, or waiting it out, says no. Allow works only once the window has been
// visible and focused for STEADY_MS (#34 item 5): a window that appears under a click the person meant for
// something else takes no answer from it.
import { useEffect, useState } from 'react';
import type { AskReads, AskView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

const ASKS: Record<AskView['tool'], string> = {
  search_memory: 'wants to search your memories for',
  list_memories: 'wants to list your memories',
  remember: 'proposes a memory',
};

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

/** Exactly what the app gets if the person allows it. */
export function readsLabel(tool: AskView['tool'], reads: AskReads): string {
  const memories = reads.scoped
    ? 'your memories, those kept to one site or project included'
    : 'your memories meant for everywhere (not those kept to one site or project)';
  const quotes = !reads.pastChats
    ? ''
    : reads.scoped
      ? ', and quotes from your past chats on any site, project chats included'
      : ', and quotes from your past chats outside projects';
  const what = tool === 'search_memory' ? `the lines of ${memories}${quotes} that match this text` : memories;
  const secrets = reads.redacted
    ? 'with secrets redacted'
    : 'as they are written: Settings → Redact secrets is off';
  return `If you allow it, the app gets ${what}, ${secrets}. Nothing waiting in Review or in the Trash.`;
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
  return (
    <>
      <h1 id="ask-title">
        “{view.agent}” {ASKS[view.tool]}
        {view.tool === 'list_memories' ? '' : ':'}
      </h1>
      {view.tool !== 'list_memories' && <blockquote className="quote">{view.what}</blockquote>}
      <p>{readsLabel(view.tool, view.reads)}</p>
      <p className="muted small">
        The app named itself; Engram cannot check the name. What it may read is set in Options → Desktop apps.
        If you do nothing, the answer is no in {left} s.
      </p>
    </>
  );
}

export function AskApp({ ask }: { ask: string }) {
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
  if (view === undefined) return <p className="muted">Loading…</p>;
  if (view === null || left === 0)
    return (
      <main className="stack ask">
        <p>This question was answered or has expired; nothing was shared.</p>
      </main>
    );
  return (
    <main className="stack ask" aria-labelledby="ask-title">
      <Question view={view} left={left} />
      <div className="row">
        <Button variant="primary" busy={answer.busy} disabled={!steady} onClick={() => void answer.run(true)}>
          Allow
        </Button>
        <Button busy={answer.busy} onClick={() => void answer.run(false)}>
          Don’t allow
        </Button>
      </div>
      <ErrorText what="Could not send your answer" error={answer.error} tryThis="Close this window." />
    </main>
  );
}
