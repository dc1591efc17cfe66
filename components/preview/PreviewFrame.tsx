import { useEffect, useMemo } from 'react';
import { InsertPreview } from '../InsertPreview';
import { frameRecall, type FrameChannels } from './frame-recall';

/** bench:recall reads this User Timing mark from the frame: click → confirm ready (test/e2e/insert-latency.ts). */
export const READY_MARK = 'engram:preview-ready';
const markReady = () => performance.mark(READY_MARK);

/** The preview inside its frame on a chat page: a dialog with Cancel, closed by Escape from anywhere in it. */
export function PreviewFrame({ channels }: { channels: FrameChannels }) {
  const deps = useMemo(() => frameRecall(channels), [channels]);
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
