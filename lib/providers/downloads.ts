// How far the local models' downloads are on this device (#35). The provider choice itself is kept where content
// scripts cannot rewrite it, by the store (lib/store/secrets.ts, #11): the providers below it never read it (#38).
import { storage } from 'wxt/utils/storage';
import type { ChromeDownload } from '../model/chrome-model';
import type { WebLlmDownload } from '../model/webllm';

/** Local models' weights on this device (#35), one per model: written by the background from the offscreen reports. */
export const webllmDownloadsItem = storage.defineItem<Record<string, WebLlmDownload>>(
  'local:webllmDownloads',
  {
    fallback: {},
  },
);

/** Chrome's built-in model's download (#35), from the monitor the background holds; read by Options and the popup. */
export const chromeDownloadItem = storage.defineItem<ChromeDownload | null>('local:chromeModelDownload', {
  fallback: null,
});
