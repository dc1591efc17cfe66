// The one insert preview of all three surfaces (#5): the popup's "Insert memory", and the preview frame that the
// in-page button and the shortcut open (entrypoints/preview). Chosen lines with tokens, the total against the
// budget, a slider, removals, and a confirm that names what it inserts.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsertTextReply, PageContext, RecallReply, RecallRequest } from '../../lib/model/messages';
import { saidOf, type Said } from '../../lib/model/problem';
import { siteNames } from '../shared/labels';
import { saidWords } from '../shared/problemWords';
import { PreviewModelNote } from '../shared/NoModelNote';
import { Budget, Lines, NothingToInsert, Totals } from './PreviewParts';

export interface InsertPreviewProps {
  /** The active chat tab's draft and turns; null when the tab is not a chat of a site Engram reads. */
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
  /** True when recall can only quote past chats (no model): the preview then says so (#13). */
  pastChatsOnly?: () => Promise<boolean>;
}

type State =
  | { kind: 'loading' }
  | { kind: 'no-chat' }
  | { kind: 'error'; said: Said }
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
      (e: unknown) => live && setState({ kind: 'error', said: saidOf(e) }),
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

function Cancel({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  return onClose ? (
    <button type="button" onClick={onClose}>
      {t('common.cancel')}
    </button>
  ) : null;
}

function NotReady({ state, onClose }: { state: Exclude<State, { kind: 'ready' }>; onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="stack" aria-label={t('preview.title')} aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && <p>{t('preview.choosing')}</p>}
      {state.kind === 'no-chat' && <p>{t('preview.noChat', { sites: siteNames(i18n.language) })}</p>}
      {state.kind === 'error' && (
        <p role="alert">
          {t('common.error', {
            what: t('preview.prepareFailed'),
            reason: saidWords(t, i18n.language, state.said),
          })}
        </p>
      )}
      <Cancel onClose={onClose} />
    </section>
  );
}

/** The confirm's outcome: the tab's words, or why it failed (the background's reason said, the browser's quoted). */
function useStatus() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  const say = (said: unknown) =>
    setStatus(
      typeof said === 'string'
        ? said
        : t('common.error', {
            what: t('preview.insertFailed'),
            reason: saidWords(t, i18n.language, saidOf(said)),
          }),
    );
  return [status, say] as const;
}

// A removed line's button goes away: focus moves to the title, never to the page body (#16).
const focusTitle = () => document.getElementById('preview-title')?.focus();

export function InsertPreview(props: InsertPreviewProps) {
  const { t } = useTranslation();
  const [budget, setBudget] = useState<number | null>(null);
  const [exclude, setExclude] = useState<string[]>([]);
  const [status, setStatus] = useStatus();
  const state = usePreview(props, budget, exclude);
  const [confirmRef, guarded] = useGuarded(props.guard);
  const { onReady } = props;
  useEffect(() => void (state.kind === 'ready' && onReady?.()), [state, onReady]);
  if (state.kind !== 'ready') return <NotReady state={state} onClose={props.onClose} />;
  const { reply } = state;
  const n = reply.lines.length;
  const remove = (id: string) => (setExclude([...exclude, id]), focusTitle());
  const confirm = () => props.insert(reply.text).then((r) => setStatus(r.message), setStatus);
  return (
    <section className="stack" aria-labelledby="preview-title">
      <h2 id="preview-title" tabIndex={-1}>
        {t('preview.title')}
      </h2>
      <Lines reply={reply} onRemove={remove} />
      <NothingToInsert reply={reply} removed={exclude.length} />
      <PreviewModelNote probe={props.pastChatsOnly} />
      <Totals reply={reply} />
      <Budget value={budget ?? reply.budgetTokens} onChange={setBudget} />
      <div className="row" ref={confirmRef}>
        {/* Never focused for the person: an Enter meant for the chat must not insert (#11). */}
        {n > 0 && (
          <button className="primary" type="button" disabled={!guarded} onClick={() => void confirm()}>
            {t('preview.insert', { count: n })}
          </button>
        )}
        <Cancel onClose={props.onClose} />
      </div>
      {status && <p role="status">{status}</p>}
    </section>
  );
}
