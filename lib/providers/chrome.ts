// "On this computer (Chrome)": extraction and consolidation through Chrome's built-in model (#35). Each job
// opens one session in the conversation's language, sizes its parts to that session's input quota, asks
// every prompt in a clone of it with `responseConstraint` set to the prompt's own JSON Schema (from its zod
// schema, structured.ts), and destroys it after; cancelling a job aborts its prompt through `signal`. The
// languages the model accepts are read from the API (availability with expectedInputs), never listed here.
import { ProblemError } from '../model/problem';
import { makeProvider } from './structured';
import {
  chromeError,
  inLanguage,
  type LanguageModelApi,
  type LanguageModelSession,
  type PromptMessage,
} from './chrome-api';
import type { JobRoute, ModelLimits, Provider, RawRequest } from './types';

export const CHROME_MODEL = 'built-in';

/** What Chrome downloads once for its model: "about 4 GB" (Chrome's "Hardware requirements", 2026). */
export const CHROME_MODEL_BYTES = 4e9;

/** The answer is capped at a quarter of the window; Gemini Nano's tokenizer is not ours (o200k). */
export function chromeLimits(inputQuota: number): ModelLimits {
  const outputTokens = Math.min(1024, Math.floor(inputQuota / 4));
  return { contextTokens: inputQuota, outputTokens, tokenizerMargin: 0.2 };
}

/** The language of a text ("fr"), or null when it cannot be told (chrome.i18n.detectLanguage in the worker). */
export type DetectLanguage = (text: string) => Promise<string | null>;

export interface ChromeDeps {
  api: LanguageModelApi | null;
  detect: DetectLanguage;
}

/** The Prompt API has one role for instructions per session; a clone per call carries them in its first turn. */
function promptOf(req: RawRequest): PromptMessage[] {
  const [first, ...rest] = req.messages;
  const opening = `${req.system}\n\n${first?.content ?? ''}`;
  return [{ role: 'user', content: opening }, ...rest];
}

/** One call in a clone of the job's session: measured against the quota, constrained to the schema. */
async function ask(session: LanguageModelSession, req: RawRequest) {
  const input = promptOf(req);
  const options = { responseConstraint: req.jsonSchema, signal: req.signal };
  const call = await session.clone({ signal: req.signal });
  try {
    const promptTokens = await call.measureInputUsage(input, options);
    const free = call.inputQuota - call.inputUsage;
    if (promptTokens > free)
      throw Object.assign(new DOMException('input too long', 'QuotaExceededError'), {
        requested: promptTokens,
        quota: free,
      });
    const before = call.inputUsage;
    const text = await call.prompt(input, options);
    const completionTokens = Math.max(0, call.inputUsage - before - promptTokens);
    return { text, promptTokens, completionTokens };
  } catch (e) {
    // A cancelled job says why it stopped (the queue's reason), not "AbortError".
    if (req.signal?.aborted) throw req.signal.reason;
    throw chromeError(e);
  } finally {
    call.destroy();
  }
}

async function openSession(api: LanguageModelApi, tag: string | null, signal: AbortSignal) {
  try {
    return await api.create({ ...(tag ? inLanguage(tag) : {}), signal });
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    throw chromeError(e);
  }
}

/** Routes one job: the model in the conversation's language, the fallback for another, or a wait. */
export async function routeJob(deps: ChromeDeps, sample: string, signal: AbortSignal): Promise<JobRoute> {
  const { api } = deps;
  if (!api) return { wait: { code: 'chrome-absent' }, retryInMs: 60 * 60_000 };
  const state = await api.availability();
  if (state === 'unavailable') return { wait: { code: 'chrome-cannot-run' }, retryInMs: 60 * 60_000 };
  if (state !== 'available') return { wait: { code: 'chrome-not-downloaded' }, retryInMs: 10 * 60_000 };
  const tag = await deps.detect(sample);
  if (tag && (await api.availability(inLanguage(tag))) === 'unavailable')
    return { refused: { code: 'language', language: tag } };
  const session = await openSession(api, tag, signal);
  const provider = makeProvider(
    'chrome',
    CHROME_MODEL,
    (req) => ask(session, req),
    chromeLimits(session.inputQuota),
  );
  return { provider, close: () => session.destroy() };
}

/**
 * The provider the settings name. A job runs through `forJob`, which opens its session; a lone call (Test
 * connection) opens a session for itself and destroys it after.
 */
export function chromeProvider(deps: ChromeDeps): Provider {
  return {
    id: 'chrome',
    model: CHROME_MODEL,
    limits: chromeLimits(4096),
    complete: async (req) => {
      const route = await routeJob(deps, req.user, req.signal ?? new AbortController().signal);
      if ('refused' in route) throw new ProblemError(route.refused);
      if ('wait' in route) throw new ProblemError(route.wait);
      try {
        return await route.provider.complete(req);
      } finally {
        route.close();
      }
    },
    forJob: (sample, signal) => routeJob(deps, sample, signal),
  };
}
