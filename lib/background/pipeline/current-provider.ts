// Background only: the API key item and the provider built from the settings. No other context imports this
// module, so the key never reaches a content script or a page (#4).
import {
  endpointFault,
  endpointProblem,
  providerOrigin,
  settingsProblem,
  type ProviderSettings,
  type ProviderStatus,
  type SaveProvider,
  type TestResult,
} from '../../model/provider';
import { saidOf } from '../../model/problem';
import { redact } from '../../pipeline/redact';
import { anthropicProvider } from '../../providers/anthropic';
import { chromeProvider, type ChromeDeps } from '../../providers/chrome';
import { openAiProvider } from '../../providers/openai';
import type { Provider } from '../../providers/types';
import { providerItem, readProviderSettings, trustedItem } from '../../store/secrets';
import { z } from 'zod/mini';
import type { Stop } from '../shared/service';

/** The key and the origin it was saved for (#11): it is handed out only while the provider is that origin. */
const storedKey = trustedItem<{ key: string; origin: string | null }>('providerKey', {
  key: '',
  origin: null,
});

export const keyItem = {
  getValue: async (): Promise<string> => {
    const { key, origin } = await storedKey.getValue();
    return key && origin !== null && origin === providerOrigin(await readProviderSettings()) ? key : '';
  },
  /** Binds the key to the provider saved now: save the provider first. */
  setValue: async (key: string): Promise<void> =>
    storedKey.setValue({ key, origin: key ? providerOrigin(await readProviderSettings()) : null }),
  watch: (onChange: () => void) => storedKey.watch(onChange),
};

export type WebLlmFactory = (model: string) => Provider;

/** What the background lends the providers that run in the browser: WebLLM (offscreen) and Chrome's model. */
export interface LocalEngines {
  webllm?: WebLlmFactory;
  chrome?: () => ChromeDeps;
}

export function buildProvider(
  s: ProviderSettings,
  apiKey: string,
  local: LocalEngines = {},
): Provider | null {
  if (s.kind === 'chrome') return local.chrome ? chromeProvider(local.chrome()) : null;
  if (!s.model || endpointProblem(s.kind, s.baseUrl)) return null;
  if (s.kind === 'openai' && s.baseUrl) return openAiProvider({ baseUrl: s.baseUrl, apiKey, model: s.model });
  if (s.kind === 'anthropic' && apiKey) return anthropicProvider({ apiKey, model: s.model });
  if (s.kind === 'webllm' && local.webllm) return local.webllm(s.model);
  return null;
}

let registered: LocalEngines = {};
/**
 * The service (../shared/service.ts): lends the providers the offscreen-backed WebLLM and Chrome's model until it
 * stops; without it a local provider is not built (null: its jobs wait).
 */
export function startLocalEngines({ engines }: { engines: LocalEngines }): Stop {
  registered = engines;
  return () => {
    if (registered === engines) registered = {};
  };
}

/** The stored key, only if it was saved for the origin these settings send to (#11). */
async function keyFor(s: ProviderSettings): Promise<string> {
  const { key, origin } = await storedKey.getValue();
  return key && origin !== null && origin === providerOrigin(s) ? key : '';
}

export async function currentProvider(local = registered): Promise<Provider | null> {
  return buildProvider(await readProviderSettings(), await keyItem.getValue(), local);
}

/** With Chrome's model, what reads the conversations it does not (#35); null: they wait. */
export async function currentFallback(local = registered): Promise<Provider | null> {
  const s = await readProviderSettings();
  if (s.kind !== 'chrome' || !s.fallback || s.fallback.kind === 'none') return null;
  return buildProvider({ ...s.fallback }, await keyItem.getValue(), local);
}

/** Saves the choice; a key saved for another origin is cleared, never sent to the new one (#11). */
export async function saveProvider(req: SaveProvider): Promise<void> {
  const { apiKey, ...settings } = req;
  const problem = settingsProblem(settings);
  if (problem) throw new Error(problem);
  const before = providerOrigin(await readProviderSettings());
  await providerItem.setValue(settings);
  if (apiKey !== undefined) await keyItem.setValue(apiKey.trim());
  else if (before !== providerOrigin(settings)) await storedKey.setValue({ key: '', origin: null });
}

export async function providerStatus(): Promise<ProviderStatus> {
  return { ...(await readProviderSettings()), hasKey: (await keyItem.getValue()).length > 0 };
}

const Pong = z.object({ ok: z.boolean() });

/** Why the form cannot be tested yet, in the words the form uses (#16: "No model chosen yet" for a missing key). */
function untestable(s: ProviderSettings, key: string): TestResult | null {
  if (s.kind === 'none') return { code: 'no-provider' };
  // Chrome's model is tested itself; its fallback is tested by choosing it as the provider.
  if (s.kind === 'chrome') return null;
  if (!s.model) return { code: 'no-model' };
  if (s.kind === 'anthropic' && !key) return { code: 'no-key' };
  const f = endpointFault(s.kind, s.baseUrl);
  return f && { code: 'endpoint', fault: f.fault, at: f.fault === 'plainHttp' ? f.host : f.url };
}

/**
 * One tiny structured call, reported as a code the page words (#37). With `form`, the settings on screen are tested, not the saved
 * ones (#16); its key, or the stored key when it was saved for the same origin.
 */
export async function testConnection(form?: SaveProvider, local = registered): Promise<TestResult> {
  const settings: ProviderSettings = form
    ? { kind: form.kind, model: form.model, baseUrl: form.baseUrl, fallback: form.fallback }
    : await readProviderSettings();
  const key = form?.apiKey?.trim() || (await keyFor(settings));
  const problem = untestable(settings, key);
  if (problem) return problem;
  const provider = buildProvider(settings, key, local);
  if (!provider) return { code: 'cannot-run' };
  try {
    const out = await provider.complete({
      system: 'You are a connectivity check.',
      user: 'Reply with the JSON object {"ok": true}.',
      schema: Pong,
      schemaName: 'ping',
      signal: AbortSignal.timeout(30_000),
    });
    const tokens = out.usage.reduce((n, u) => n + u.promptTokens + u.completionTokens, 0);
    return { code: 'connected', model: provider.model, tokens };
  } catch (e) {
    return { code: 'failed', model: provider.model, error: saidOf(e, (text) => redact(text).text) };
  }
}
