// Chrome's built-in model, the Prompt API (#35): the part of `LanguageModel` Engram uses, typed here because
// TypeScript's DOM library does not carry it yet. Stable for extensions since Chrome 138, in the service
// worker and every extension page; absent from Firefox, and 'unavailable' in Debian's Chromium (no model).
// Shapes follow the explainer (webmachinelearning/prompt-api) and Chrome's extension docs, 2026.

export type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';

export interface LanguageOptions {
  expectedInputs?: { type: 'text'; languages: string[] }[];
  expectedOutputs?: { type: 'text'; languages: string[] }[];
}

export interface CreateMonitor {
  addEventListener(type: 'downloadprogress', listener: (e: { loaded: number }) => void): void;
}

export interface CreateOptions extends LanguageOptions {
  signal?: AbortSignal;
  monitor?: (m: CreateMonitor) => void;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface PromptOptions {
  responseConstraint?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface LanguageModelSession {
  readonly inputQuota: number;
  readonly inputUsage: number;
  prompt(input: PromptMessage[], options?: PromptOptions): Promise<string>;
  measureInputUsage(input: PromptMessage[], options?: PromptOptions): Promise<number>;
  clone(options?: { signal?: AbortSignal }): Promise<LanguageModelSession>;
  destroy(): void;
}

export interface LanguageModelApi {
  availability(options?: LanguageOptions): Promise<Availability>;
  create(options?: CreateOptions): Promise<LanguageModelSession>;
}

/** The browser's `LanguageModel`, or null where there is none. */
export function languageModelApi(scope: object = globalThis): LanguageModelApi | null {
  const api = (scope as { LanguageModel?: LanguageModelApi }).LanguageModel;
  return api && typeof api.availability === 'function' && typeof api.create === 'function' ? api : null;
}

/**
 * The name a person reads for a language tag, in `lng` ("fr" → "French", "フランス語" in Japanese); the tag itself
 * when Intl does not know it. Options names them in its own language (#37).
 */
export function languageName(tag: string, lng = 'en'): string {
  try {
    return new Intl.DisplayNames([lng], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Options that declare one language for what goes in and what comes out (memories keep the user's language). */
export const inLanguage = (tag: string): LanguageOptions => ({
  expectedInputs: [{ type: 'text', languages: [tag] }],
  expectedOutputs: [{ type: 'text', languages: [tag] }],
});

/** What a failed Prompt API call means, in words a person can act on. */
export function chromeError(e: unknown): Error {
  const name = (e as { name?: string } | null)?.name ?? '';
  const detail = e instanceof Error ? e.message : String(e);
  if (name === 'QuotaExceededError') {
    const { requested, quota } = e as { requested?: number; quota?: number };
    const size = requested && quota ? ` (${requested} tokens; it takes ${quota})` : '';
    return new Error(`This part is too long for Chrome's built-in model${size}.`, { cause: e });
  }
  if (name === 'NotSupportedError')
    return new Error(`Chrome's built-in model cannot do this here: ${detail}`, { cause: e });
  if (name === 'NotAllowedError')
    return new Error(`Chrome's built-in model declined: ${detail}`, { cause: e });
  return new Error(`Chrome's built-in model failed: ${detail}`, { cause: e });
}
