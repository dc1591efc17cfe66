// Which model extracts memories (#4). The API key is NOT here: it lives in its own storage item that only the
// background reads (lib/background/pipeline/current-provider.ts).
import { z } from 'zod/mini';

export const ProviderKind = z.enum(['none', 'webllm', 'openai', 'anthropic']);
export type ProviderKind = z.infer<typeof ProviderKind>;

export const ProviderSettings = z.object({
  kind: ProviderKind,
  model: z.string().check(z.maxLength(200)),
  /** OpenAI-compatible only: e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: z.string().check(z.maxLength(500)),
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

export const TestResult = z.object({ ok: z.boolean(), message: z.string() });
export type TestResult = z.infer<typeof TestResult>;

export const PromptVersions = z.object({ extraction: z.string(), consolidation: z.string() });

/** With a conversation key, that conversation is queued first (Options → Conversations, #6). */
export const ExtractNow = z.object({ key: z.optional(z.string().check(z.minLength(3), z.maxLength(300))) });
export const ExtractNowReply = z.object({ ran: z.number(), waiting: z.nullable(z.string()) });

/** Hosts that mean "this computer": the only ones where plain http is accepted (#11). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why an OpenAI-compatible base URL is refused, or null when it may be used. */
export function endpointProblem(kind: ProviderKind, baseUrl: string): string | null {
  if (kind !== 'openai') return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `The base URL is not a web address: ${baseUrl}`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  if (url.protocol === 'http:')
    return `Plain http is accepted only for a model on this computer (localhost, 127.0.0.1 or [::1]): anyone on the network could read the key and your conversations. Use https://${url.host}.`;
  return `The base URL must start with https:// (or http:// for localhost): ${baseUrl}`;
}

/** The origin that receives the key and the text; null for WebLLM and no provider. */
export function providerOrigin(s: Pick<ProviderSettings, 'kind' | 'baseUrl'>): string | null {
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
