// The extension icon shows how many memories wait for review (#6), updated whenever that count changes.
import { watchPendingCount } from '../../store/manage';

export function badgeText(pending: number): string {
  if (pending <= 0) return '';
  return pending > 99 ? '99+' : String(pending);
}

export function watchReviewBadge(setText: (text: string) => Promise<void> | void): () => void {
  let shown: string | null = null;
  return watchPendingCount((count) => {
    const text = badgeText(count);
    if (text === shown) return;
    shown = text;
    void Promise.resolve(setText(text)).catch((e: unknown) => console.error('Engram: badge failed', e));
  });
}
