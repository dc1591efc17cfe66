import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { FRAME_BOOTED, FRAME_CLOSE, openNumber } from '../../lib/inject/frame';
import { InsertPreview } from '../InsertPreview';
import { frameRecall, READY_MARK, type FrameChannels } from './frame-recall';

const markReady = () => performance.mark(READY_MARK);

/** The preview inside its frame on a chat page: a dialog with Cancel, closed by Escape from anywhere in it. */
export function PreviewFrame({ channels, onClosed }: { channels: FrameChannels; onClosed?: () => void }) {
  const deps = useMemo(() => frameRecall(channels, onClosed), [channels, onClosed]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') void deps.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [deps]);
  return (
    <div className="preview-frame" role="dialog" aria-label="Memory to insert">
      <InsertPreview
        context={deps.context}
        recall={deps.recall}
        insert={deps.insert}
        onClose={() => void deps.close()}
        onReady={markReady}
      />
    </div>
  );
}

/**
 * The frame's page: it boots hidden (lib/inject/frame.ts keeps it warm) and asks for nothing until its content
 * script says the user opened it; each open is a fresh preview of the current draft, and closing drops the
 * memory text from this document.
 */
export function FrameApp({ channels }: { channels: FrameChannels }) {
  const [opened, setOpened] = useState(0);
  const [closed, setClosed] = useState(true);
  useEffect(() => {
    let last = 0;
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return;
      if (e.data === FRAME_CLOSE) setClosed(true);
      const n = openNumber(e.data);
      // An open already acted on (sent again after the boot message) must not replace the preview.
      if (n === null || n <= last) return;
      last = n;
      setOpened(n);
      setClosed(false);
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage(FRAME_BOOTED, '*');
    return () => window.removeEventListener('message', onMessage);
  }, []);
  // Rendered away synchronously, before the tab is asked to hide the frame (frame-recall.ts says why).
  const onClosed = useMemo(() => () => flushSync(() => setClosed(true)), []);
  return closed ? null : <PreviewFrame key={opened} channels={channels} onClosed={onClosed} />;
}
