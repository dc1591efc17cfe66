// Which model extracts memories (#4). The API key is NOT here: it lives in its own storage item that only the
// background reads (lib/background/pipeline/current-provider.ts).
import { z } from 'zod/mini';
import { Problem, Said } from './problem';

/** 'chrome': Chrome's built-in model, the Prompt API (#35). */
export const ProviderKind = z.enum(['none', 'chrome', 'webllm', 'openai', 'anthropic']);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** What reads the conversations Chrome's model does not (another language, #35); 'none': they wait. */
export const FallbackKind = z.enum(['none', 'webllm', 'openai', 'anthropic']);
export type FallbackKind = z.infer<typeof FallbackKind>;

const Endpoint = {
  model: z.string().check(z.maxLength(200)),
  /** OpenAI-compatible only: e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: z.string().check(z.maxLength(500)),
};

export const Fallback = z.object({ kind: FallbackKind, ...Endpoint });
export type Fallback = z.infer<typeof Fallback>;

export const ProviderSettings = z.object({
  kind: ProviderKind,
  ...Endpoint,
  /** Chrome only; absent in settings saved before #35. */
  fallback: z.optional(Fallback),
});
export type ProviderSettings = z.infer<typeof ProviderSettings>;

export const DEFAULT_PROVIDER: ProviderSettings = { kind: 'none', model: '', baseUrl: '' };

export const SaveProvider = z.object({
  ...ProviderSettings.shape,
  /** Write-only: omitted keeps the stored key, "" clears it. */
  apiKey: z.optional(z.string().check(z.maxLength(500))),
});
export type SaveProvider = z.infer<typeof SaveProvider>;

/** Test connection sends the form as shown (#16); without it, the saved settings are tested. */
export const TestProvider = z.object({ form: z.optional(SaveProvider) });

export const ProviderStatus = z.object({ ...ProviderSettings.shape, hasKey: z.boolean() });
export type ProviderStatus = z.infer<typeof ProviderStatus>;

/**
 * What Test connection found (#16), as a code the page words (#37): the model's name and a provider's error are
 * values, the error shown as a quote.
 */
export const TestResult = z.discriminatedUnion('code', [
  z.object({ code: z.literal('connected'), model: z.string(), tokens: z.number() }),
  z.object({ code: z.literal('no-provider') }),
  z.object({ code: z.literal('no-model') }),
  z.object({ code: z.literal('no-key') }),
  /** `at`: the address refused, or the host to use https with (EndpointFault). */
  z.object({
    code: z.literal('endpoint'),
    fault: z.enum(['notUrl', 'notHttps', 'plainHttp']),
    at: z.string(),
  }),
  z.object({ code: z.literal('cannot-run') }),
  /** `error`: Engram's own reason as a code (a model not downloaded), or the provider's words. */
  z.object({ code: z.literal('failed'), model: z.string(), error: Said }),
]);
export type TestResult = z.infer<typeof TestResult>;

export const PromptVersions = z.object({ extraction: z.string(), consolidation: z.string() });

/** With a conversation key, that conversation is queued first (Options → Conversations, #6). */
export const ExtractNow = z.object({ key: z.optional(z.string().check(z.minLength(3), z.maxLength(300))) });
/** `waiting`: why jobs wait (no model chosen), a code the page words (#37). */
export const ExtractNowReply = z.object({ ran: z.number(), waiting: z.nullable(Problem) });
export type ExtractNowReply = z.infer<typeof ExtractNowReply>;

/** Hosts that mean "this computer": the only ones where plain http is accepted (#11). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What is wrong with an OpenAI-compatible base URL: a code, so a page can say it in its language (#37). */
export type EndpointFault =
  { fault: 'notUrl' | 'notHttps'; url: string } | { fault: 'plainHttp'; host: string };

export function endpointFault(kind: ProviderKind, baseUrl: string): EndpointFault | null {
  if (kind !== 'openai') return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { fault: 'notUrl', url: baseUrl };
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  if (url.protocol === 'http:') return { fault: 'plainHttp', host: url.host };
  return { fault: 'notHttps', url: baseUrl };
}

/**
 * Why an OpenAI-compatible base URL is refused, or null when it may be used: the background's English words
 * (its errors are shown as they are); Options → Model says the same through locales/ (model.endpoint.*).
 */
export function endpointProblem(kind: ProviderKind, baseUrl: string): string | null {
  const f = endpointFault(kind, baseUrl);
  if (!f) return null;
  if (f.fault === 'notUrl') return `The base URL is not a web address: ${f.url}`;
  if (f.fault === 'plainHttp')
    return `Plain http is accepted only for a model on this computer (localhost, 127.0.0.1 or [::1]): anyone on the network could read the key and your conversations. Use https://${f.host}.`;
  return `The base URL must start with https:// (or http:// for localhost): ${f.url}`;
}

/** The settings that send text off this computer: the fallback's when Chrome's model is chosen. */
export function remoteOf(s: ProviderSettings): Pick<ProviderSettings, 'kind' | 'model' | 'baseUrl'> {
  return s.kind === 'chrome' ? (s.fallback ?? { kind: 'none', model: '', baseUrl: '' }) : s;
}

/** Why these settings are refused, or null: the chosen endpoint, or with Chrome its fallback's. */
export function settingsProblem(s: ProviderSettings): string | null {
  const remote = remoteOf(s);
  return endpointProblem(remote.kind, remote.baseUrl);
}

/** The origin that receives the key and the text; null for WebLLM, Chrome without a fallback and none. */
export function providerOrigin(
  s: Pick<ProviderSettings, 'kind' | 'baseUrl'> & { fallback?: Fallback },
): string | null {
  if (s.kind === 'chrome') return s.fallback ? providerOrigin(s.fallback) : null;
  if (s.kind === 'anthropic') return 'https://api.anthropic.com';
  if (s.kind !== 'openai' || endpointProblem(s.kind, s.baseUrl)) return null;
  return new URL(s.baseUrl).origin;
}

/** The host permission pattern for an endpoint, requested at runtime (optional_host_permissions). */
export function originPattern(kind: ProviderKind, baseUrl: string): string | null {
  if (kind === 'anthropic') return 'https://api.anthropic.com/*';
  if (kind !== 'openai' || endpointProblem(kind, baseUrl)) return null;
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
