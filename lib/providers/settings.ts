// The provider choice: read and written by the background only (the options page asks it by message), and kept
// where content scripts cannot rewrite it (lib/store/secrets.ts, #11): a changed base URL would send the key
// and transcripts elsewhere.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_PROVIDER, ProviderSettings } from '../model/provider';
import type { ChromeDownload } from '../model/chrome-model';
import type { WebLlmDownload } from '../model/webllm';
import { trustedItem } from '../store/secrets';

export const providerItem = trustedItem<ProviderSettings>('provider', DEFAULT_PROVIDER);

export async function readProviderSettings(): Promise<ProviderSettings> {
  const parsed = ProviderSettings.safeParse(await providerItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PROVIDER;
}

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
