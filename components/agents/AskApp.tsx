// The consent window (#27, Options → Desktop apps → Ask me each time): which desktop app asks, with which tool,
// for what, and how long it waits. Nothing is answered unless the person presses Allow; closing the window, or
// waiting it out, says no.
import { useEffect, useState } from 'react';
import type { AskView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

const ASKS: Record<AskView['tool'], string> = {
  search_memory: 'wants to search your memories for',
  list_memories: 'wants to list your memories',
  remember: 'proposes a memory',
};

function useSecondsLeft(until: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return until === undefined ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

export function AskApp({ ask }: { ask: string }) {
  const [view, setView] = useState<AskView | null | undefined>(undefined);
  useEffect(() => {
    sendMessage('agentAskShow', { ask }).then(setView, () => setView(null));
  }, [ask]);
  const left = useSecondsLeft(view?.until);
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
      <h1 id="ask-title">
        “{view.agent}” {ASKS[view.tool]}
        {view.tool === 'list_memories' ? '' : ':'}
      </h1>
      {view.tool !== 'list_memories' && <blockquote className="quote">{view.what}</blockquote>}
      <p className="muted small">
        The app named itself; Engram cannot check the name. Memories kept to one site or project are shared
        only if you allowed it in Options → Desktop apps. If you do nothing, the answer is no in {left} s.
      </p>
      <div className="row">
        <Button variant="primary" busy={answer.busy} onClick={() => void answer.run(true)}>
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
