// The provider form checked as shown, before anything is saved or tested (#16: "localhost:1234" said "Saved.").
// Its words come from the catalogue (#37): the page says why in its own language.
import type { TFunction } from 'i18next';
import {
  endpointFault,
  providerOrigin,
  type ProviderStatus,
  type TestResult,
} from '../../lib/model/provider';
import { problemText } from '../shared/problemWords';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Hosted services want a key; a server on this computer (Ollama, LM Studio) usually does not. */
function needsKey(form: ProviderStatus): boolean {
  if (form.kind === 'anthropic') return true;
  return form.kind === 'openai' && !LOOPBACK.has(new URL(form.baseUrl).hostname);
}

/** Why the base URL is refused, in the page's language, or null. */
function endpointWords(t: TFunction, form: ProviderStatus): string | null {
  const f = endpointFault(form.kind, form.baseUrl);
  if (!f) return null;
  return faultWords(t, f.fault, f.fault === 'plainHttp' ? f.host : f.url);
}

const faultWords = (t: TFunction, fault: 'notUrl' | 'notHttps' | 'plainHttp', at: string) =>
  fault === 'plainHttp'
    ? t('model.endpoint.plainHttp', { host: at })
    : t(`model.endpoint.${fault}`, { url: at });

/** What Test connection found (the background's code, #37), the provider's own error quoted. */
export function testWords(t: TFunction, lng: string, r: TestResult): string {
  switch (r.code) {
    case 'connected':
      return t('model.tested.connected', { model: r.model, count: r.tokens });
    case 'no-provider':
      return t('model.tested.noProvider');
    case 'no-model':
      return t('model.needModel');
    case 'no-key':
      return t('model.needKey', { host: 'Anthropic' });
    case 'endpoint':
      return faultWords(t, r.fault, r.at);
    case 'cannot-run':
      return t('model.tested.cannotRun');
    case 'failed':
      // The provider's words are quoted; Engram's own reason (a model not downloaded) is said (#37).
      return typeof r.error === 'string'
        ? t('model.tested.failed', { model: r.model, error: r.error })
        : t('model.tested.refused', { model: r.model, reason: problemText(t, lng, r.error) });
  }
}

/**
 * Why the form cannot be saved, or null. `savedKeyFits`: a key is stored for the origin this form sends to (a key
 * saved for another origin is cleared on save, lib/background/pipeline/current-provider.ts).
 */
export function formProblem(
  t: TFunction,
  form: ProviderStatus,
  apiKey: string,
  savedKeyFits: boolean,
): string | null {
  if (form.kind === 'none') return null;
  // Chrome's model needs nothing; the provider for other languages is checked as a provider would be (#35).
  if (form.kind === 'chrome')
    return form.fallback
      ? formProblem(t, { ...form.fallback, hasKey: form.hasKey }, apiKey, savedKeyFits)
      : null;
  if (!form.model.trim()) return t('model.needModel');
  const endpoint = endpointWords(t, form);
  if (endpoint) return endpoint;
  if (needsKey(form) && !apiKey.trim() && !savedKeyFits) {
    const host = form.kind === 'anthropic' ? 'Anthropic' : new URL(form.baseUrl).host;
    return t('model.needKey', { host });
  }
  return null;
}

/** A hint, not a refusal: most OpenAI-compatible servers answer under /v1. */
export function endpointHint(t: TFunction, form: ProviderStatus): string | null {
  if (form.kind !== 'openai' || endpointFault(form.kind, form.baseUrl)) return null;
  return new URL(form.baseUrl).pathname.replace(/\/+$/, '').endsWith('/v1') ? null : t('model.v1Hint');
}

export function sameOrigin(a: ProviderStatus, b: ProviderStatus): boolean {
  return providerOrigin(a) !== null && providerOrigin(a) === providerOrigin(b);
}
