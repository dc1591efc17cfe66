// Background only: the API key item and the provider built from the settings. No other context imports this
// module, so the key never reaches a content script or a page (#4).
import { storage } from 'wxt/utils/storage';
import type { ProviderSettings, ProviderStatus, SaveProvider, TestResult } from '../model/provider';
import { redact } from '../pipeline/redact';
import { anthropicProvider } from '../providers/anthropic';
import { openAiProvider } from '../providers/openai';
import { providerItem, readProviderSettings } from '../providers/settings';
import type { Provider } from '../providers/types';
import { z } from 'zod/mini';

export const keyItem = storage.defineItem<string>('local:providerKey', { fallback: '' });

export type WebLlmFactory = (model: string) => Provider;

export function buildProvider(s: ProviderSettings, apiKey: string, webllm?: WebLlmFactory): Provider | null {
  if (!s.model) return null;
  if (s.kind === 'openai' && s.baseUrl) return openAiProvider({ baseUrl: s.baseUrl, apiKey, model: s.model });
  if (s.kind === 'anthropic' && apiKey) return anthropicProvider({ apiKey, model: s.model });
  if (s.kind === 'webllm' && webllm) return webllm(s.model);
  return null;
}

let registered: WebLlmFactory | undefined;
/** The background registers the offscreen-backed factory at start (entrypoints/background.ts). */
export function useWebLlm(factory: WebLlmFactory): void {
  registered = factory;
}

export async function currentProvider(webllm = registered): Promise<Provider | null> {
  return buildProvider(await readProviderSettings(), await keyItem.getValue(), webllm);
}

export async function saveProvider(req: SaveProvider): Promise<void> {
  const { apiKey, ...settings } = req;
  await providerItem.setValue(settings);
  if (apiKey !== undefined) await keyItem.setValue(apiKey.trim());
}

export async function providerStatus(): Promise<ProviderStatus> {
  return { ...(await readProviderSettings()), hasKey: (await keyItem.getValue()).length > 0 };
}

const Pong = z.object({ ok: z.boolean() });

/** One tiny structured call, reported in plain words. */
export async function testConnection(webllm = registered): Promise<TestResult> {
  const provider = await currentProvider(webllm);
  if (!provider)
    return { ok: false, message: 'No model chosen yet: pick a provider and a model, then save.' };
  try {
    const out = await provider.complete({
      system: 'You are a connectivity check.',
      user: 'Reply with the JSON object {"ok": true}.',
      schema: Pong,
      schemaName: 'ping',
      signal: AbortSignal.timeout(30_000),
    });
    const tokens = out.usage.reduce((n, u) => n + u.promptTokens + u.completionTokens, 0);
    return {
      ok: true,
      message: `Connected to ${provider.model}: it answered in the expected format (${tokens} tokens).`,
    };
  } catch (e) {
    return {
      ok: false,
      message: `Could not use ${provider.model}: ${redact(e instanceof Error ? e.message : String(e)).text}`,
    };
  }
}
