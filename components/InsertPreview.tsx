// The popup's "Insert memory": the same preview as the in-page one (lib/inject/preview.ts) — chosen lines
// with tokens, the total against the budget, a slider, removals, and a confirm that names what it inserts.
import { useEffect, useState } from 'react';
import type { InsertTextReply, PageContext, RecallReply, RecallRequest } from '../lib/model/messages';
import { SECTION_TITLES } from '../lib/recall/block';

export interface InsertPreviewProps {
  /** The active chat tab's draft and turns; null when the tab is not a ChatGPT or Claude chat. */
  context(): Promise<PageContext | null>;
  recall(req: RecallRequest): Promise<RecallReply>;
  insert(text: string): Promise<InsertTextReply>;
}

type State =
  | { kind: 'loading' }
  | { kind: 'no-chat' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; ctx: PageContext; reply: RecallReply };

function usePreview({ context, recall }: InsertPreviewProps, budget: number | null, exclude: string[]) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const load = async (): Promise<State> => {
      const ctx = await context();
      if (!ctx) return { kind: 'no-chat' };
      return { kind: 'ready', ctx, reply: await recall({ ...ctx, budgetTokens: budget, exclude }) };
    };
    load().then(
      (next) => live && setState(next),
      (e: unknown) =>
        live && setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [context, recall, budget, exclude]);
  return state;
}

function Lines({ reply, onRemove }: { reply: RecallReply; onRemove: (id: string) => void }) {
  return (
    <ul className="stack preview-lines">
      {reply.lines.map((line) => (
        <li key={line.id}>
          <small>
            {SECTION_TITLES[line.section].replace(':', '')}
            {line.day ? ` · ${line.day}` : ''} · {line.tokens} tokens
          </small>
          <span>{line.text}</span>
          <button
            type="button"
            aria-label={`Remove: ${line.text.slice(0, 60)}`}
            onClick={() => onRemove(line.id)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

export function InsertPreview(props: InsertPreviewProps) {
  const [budget, setBudget] = useState<number | null>(null);
  const [exclude, setExclude] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const state = usePreview(props, budget, exclude);
  if (state.kind === 'loading') return <p>Choosing memories…</p>;
  if (state.kind === 'no-chat') return <p>Open a ChatGPT or Claude chat, then try again.</p>;
  if (state.kind === 'error') return <p role="alert">Could not prepare the memory: {state.message}</p>;
  const { reply } = state;
  const n = reply.lines.length;
  const confirm = async () => setStatus((await props.insert(reply.text)).message);
  return (
    <section className="stack" aria-label="Memory to insert">
      <Lines reply={reply} onRemove={(id) => setExclude([...exclude, id])} />
      <p>
        {reply.tokens} / {reply.budgetTokens} tokens · {n} {n === 1 ? 'memory' : 'memories'}
      </p>
      <label>
        Budget{' '}
        <input
          type="range"
          aria-label="Token budget"
          min={100}
          max={4000}
          step={50}
          value={budget ?? reply.budgetTokens}
          onChange={(e) => setBudget(Number(e.target.value))}
        />
      </label>
      <button className="primary" type="button" disabled={n === 0} onClick={() => void confirm()}>
        Insert {n} {n === 1 ? 'memory' : 'memories'}
      </button>
      {status && <p role="status">{status}</p>}
    </section>
  );
}
