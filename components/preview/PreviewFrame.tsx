import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { FrameOrder, PageContext, PreviewOpen } from '../../lib/model/messages';
import { InsertPreview } from './InsertPreview';
import { CONFIRM_MARK, frameRecall, READY_MARK, type FrameChannels } from './frame-recall';
import { trapTab } from './focusTrap';
import { watchVisibility } from './visibility';

const markReady = () => performance.mark(READY_MARK);

/** The confirm waits until the frame has been plainly on screen for a moment (visibility.ts, #11). */
const guard = (row: HTMLElement, onReady: (ready: boolean) => void) =>
  watchVisibility(row, (ready) => {
    if (ready) performance.mark(CONFIRM_MARK);
    onReady(ready);
  });

/** The preview inside its frame on a chat page: a dialog with Cancel, closed by Escape from anywhere in it. */
export function PreviewFrame(props: {
  channels: FrameChannels;
  context: PageContext;
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  const { channels, context, onClosed } = props;
  const deps = useMemo(() => frameRecall(channels, context, onClosed), [channels, context, onClosed]);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus goes to the dialog, never to the confirm: Escape and Tab work at once, and an Enter meant for the
    // chat inserts nothing (#11).
    // preventScroll, and the top in view: the frame opened scrolled down, its first line cut off (#16).
    dialog.current?.focus({ preventScroll: true });
    dialog.current?.scrollTo?.({ top: 0 });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') void deps.close();
      if (dialog.current) trapTab(dialog.current, e);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [deps]);
  return (
    <div className="preview-frame" role="dialog" aria-label={t('preview.title')} tabIndex={-1} ref={dialog}>
      <InsertPreview
        context={deps.context}
        recall={deps.recall}
        pastChatsOnly={deps.pastChatsOnly}
        insert={deps.insert}
        onClose={() => void deps.close()}
        onReady={markReady}
        guard={guard}
      />
    </div>
  );
}

/** How the frame hears the background: its hello (with any open asked for before it) and later orders. */
export interface FrameLink {
  /** Presents the frame's one-time token; `ok: false` means this frame is not one Engram made. */
  hello(): Promise<{ ok: boolean; open: PreviewOpen | null }>;
  /** Orders from the background only; returns the stop. */
  onOrder(handle: (order: FrameOrder) => void): () => void;
}

/**
 * The frame's page: it boots hidden (lib/inject/frame.ts keeps it warm) and shows nothing until the background
 * orders an open for the frame it registered (#11); each open is a fresh preview of the context it carries,
 * acted on once, and closing drops the memory text from this document. A frame the background does not know
 * (a page's own copy of preview.html) stays empty.
 */
export function FrameApp({ channels, link }: { channels: FrameChannels; link: FrameLink }) {
  const [open, setOpen] = useState<PreviewOpen | null>(null);
  useEffect(() => {
    let last = 0;
    let known = false;
    const act = (order: FrameOrder) => {
      if (!known) return;
      if (order.kind === 'close') return setOpen(null);
      // An open already acted on must not replace the preview the person is editing.
      if (order.open.n <= last) return;
      last = order.open.n;
      setOpen(order.open);
    };
    const stop = link.onOrder(act);
    void link.hello().then((reply) => {
      known = reply.ok;
      if (reply.open) act({ kind: 'open', open: reply.open });
    });
    return stop;
  }, [link]);
  // Rendered away synchronously, before the tab is asked to hide the frame (frame-recall.ts says why).
  const onClosed = useMemo(() => () => flushSync(() => setOpen(null)), []);
  if (!open) return null;
  return <PreviewFrame key={open.n} channels={channels} context={open.context} onClosed={onClosed} />;
}
