// The provider choice: read and written by the background only (the options page asks it by message), and kept
// where content scripts cannot rewrite it (lib/store/secrets.ts, #11): a changed base URL would send the key
// and transcripts elsewhere.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_PROVIDER, ProviderSettings } from '../model/provider';
import type { WebLlmProgress } from '../model/webllm';
import { trustedItem } from '../store/secrets';

export const providerItem = trustedItem<ProviderSettings>('provider', DEFAULT_PROVIDER);

export async function readProviderSettings(): Promise<ProviderSettings> {
  const parsed = ProviderSettings.safeParse(await providerItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PROVIDER;
}

/** The local model's download progress, written by the background from the offscreen document's reports. */
export const webllmProgressItem = storage.defineItem<WebLlmProgress | null>('local:webllmProgress', {
  fallback: null,
});
