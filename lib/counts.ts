// The popup's counts, kept current by the background (#6). Chromium's IDBIndex.count walks the index: 50–150 ms
// for 10,000 memories (measured in test/e2e/manager.e2e.ts's popup run), too slow for a popup that must show
// them within 100 ms. The background, the only writer, recounts after every change and stores the result here.
import { storage } from 'wxt/utils/storage';
import type { PopupCounts } from './store/views';

export const countsItem = storage.defineItem<PopupCounts | null>('local:counts', { fallback: null });
