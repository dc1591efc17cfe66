// The extension icon shows how many memories wait for review (#6), updated whenever that count changes.
import { watchPendingCount } from '../../store/manage';
import type { Stop } from '../shared/service';

export function badgeText(pending: number): string {
  if (pending <= 0) return '';
  return pending > 99 ? '99+' : String(pending);
}

export interface BadgeDeps {
  /** Shows the text on the extension's icon ('' hides it). */
  setBadge: (text: string) => Promise<void> | void;
}

/** The service (../shared/service.ts): the badge follows the count of memories waiting for review. */
export function startReviewBadge({ setBadge: setText }: BadgeDeps): Stop {
  let shown: string | null = null;
  return watchPendingCount((count) => {
    const text = badgeText(count);
    if (text === shown) return;
    shown = text;
    void Promise.resolve(setText(text)).catch((e: unknown) => console.error('Engram: badge failed', e));
  });
}
