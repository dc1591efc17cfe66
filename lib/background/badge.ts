// After every change the background recounts (lib/store/manage.ts watchCounts): the extension icon's badge shows
// how many memories wait for review (#6), and the popup reads the stored counts (lib/counts.ts).
import { countsItem } from '../counts';
import { watchCounts } from '../store/manage';

export function badgeText(pending: number): string {
  if (pending <= 0) return '';
  return pending > 99 ? '99+' : String(pending);
}

function report(what: string) {
  return (e: unknown) => console.error(`Engram: ${what} failed`, e);
}

export function watchReviewBadge(setText: (text: string) => Promise<void> | void): () => void {
  let shown: string | null = null;
  return watchCounts((counts) => {
    void countsItem.setValue(counts).catch(report('storing counts'));
    const text = badgeText(counts.pending);
    if (text === shown) return;
    shown = text;
    void Promise.resolve(setText(text)).catch(report('badge'));
  });
}
