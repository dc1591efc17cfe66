// The provider choice as a typed storage item: the options page reads it; the background writes it.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_PROVIDER, ProviderSettings } from '../model/provider';
import type { WebLlmProgress } from '../model/webllm';

export const providerItem = storage.defineItem<ProviderSettings>('local:provider', {
  fallback: DEFAULT_PROVIDER,
  version: 1,
});

export async function readProviderSettings(): Promise<ProviderSettings> {
  const parsed = ProviderSettings.safeParse(await providerItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_PROVIDER;
}

/** The local model's download progress, written by the background from the offscreen document's reports. */
export const webllmProgressItem = storage.defineItem<WebLlmProgress | null>('local:webllmProgress', {
  fallback: null,
});
