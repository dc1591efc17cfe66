// The one insert preview of all three surfaces (#5): the popup's "Insert memory", and the preview frame that the
// in-page button and the shortcut open (entrypoints/preview). Chosen lines with tokens, the total against the
// budget, a slider, removals, and a confirm that names what it inserts.
import { useEffect, useState } from 'react';
import type { InsertTextReply, PageContext, RecallReply, RecallRequest } from '../lib/model/messages';
import { SECTION_TITLES } from '../lib/recall/block';

export interface InsertPreviewProps {
  /** The active chat tab's draft and turns; null when the tab is not a ChatGPT or Claude chat. */
  context(): Promise<PageContext | null>;
  recall(req: RecallRequest): Promise<RecallReply>;
  insert(text: string): Promise<InsertTextReply>;
  /** The frame's Cancel (and its Escape); the popup closes itself. */
  onClose?: () => void;
  /** Once per reply, when the confirm is ready (the frame marks it for bench:recall). */
  onReady?: () => void;
  /**
   * The frame's clickjacking guard (#11): watches the confirm's row and says when the confirm may be used (the
   * row, not the button: a disabled button is drawn faded, which IntersectionObserver v2 counts as not
   * visible). Without one (the popup, a window of its own) the confirm is usable once there is something to
   * insert.
   */
  guard?: (row: HTMLElement, onReady: (ready: boolean) => void) => () => void;
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

/** A ref for the confirm, and whether the guard allows it now (always, without a guard). */
function useGuarded(guard: InsertPreviewProps['guard']) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => (guard && el ? guard(el, setReady) : undefined), [guard, el]);
  return [setEl, !guard || ready] as const;
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

function Cancel({ onClose }: { onClose?: () => void }) {
  return onClose ? (
    <button type="button" onClick={onClose}>
      Cancel
    </button>
  ) : null;
}

function NotReady({ state, onClose }: { state: Exclude<State, { kind: 'ready' }>; onClose?: () => void }) {
  return (
    <section className="stack" aria-label="Memory to insert" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && <p>Choosing memories…</p>}
      {state.kind === 'no-chat' && <p>Open a ChatGPT or Claude chat, then try again.</p>}
      {state.kind === 'error' && <p role="alert">Could not prepare the memory: {state.message}</p>}
      <Cancel onClose={onClose} />
    </section>
  );
}

function Budget({ value, onChange }: { value: number; onChange: (budget: number) => void }) {
  return (
    <label>
      Budget{' '}
      <input
        type="range"
        aria-label="Token budget"
        min={100}
        max={4000}
        step={50}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}

export function InsertPreview(props: InsertPreviewProps) {
  const [budget, setBudget] = useState<number | null>(null);
  const [exclude, setExclude] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const state = usePreview(props, budget, exclude);
  const [confirmRef, guarded] = useGuarded(props.guard);
  const { onReady } = props;
  useEffect(() => void (state.kind === 'ready' && onReady?.()), [state, onReady]);
  if (state.kind !== 'ready') return <NotReady state={state} onClose={props.onClose} />;
  const { reply } = state;
  const n = reply.lines.length;
  const confirm = () =>
    props.insert(reply.text).then(
      (r) => setStatus(r.message),
      (e: unknown) => setStatus(`Could not insert: ${e instanceof Error ? e.message : String(e)}`),
    );
  return (
    <section className="stack" aria-label="Memory to insert">
      <Lines reply={reply} onRemove={(id) => setExclude([...exclude, id])} />
      <p>
        {reply.tokens} / {reply.budgetTokens} tokens · {n} {n === 1 ? 'memory' : 'memories'}
      </p>
      <Budget value={budget ?? reply.budgetTokens} onChange={setBudget} />
      <div className="row" ref={confirmRef}>
        {/* Never focused for the person: an Enter meant for the chat must not insert (#11). */}
        <button
          className="primary"
          type="button"
          disabled={n === 0 || !guarded}
          onClick={() => void confirm()}
        >
          Insert {n} {n === 1 ? 'memory' : 'memories'}
        </button>
        <Cancel onClose={props.onClose} />
      </div>
      {status && <p role="status">{status}</p>}
    </section>
  );
}
