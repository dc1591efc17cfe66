// A provider that answers from a script: the pipeline's tests and bench:tokens run through the same
// structured layer (parse, validate, corrective retry) as the real providers.
import { makeProvider } from './structured';
import type { ModelLimits, Provider, RawRequest } from './types';

export type ScriptStep = string | Error | ((req: RawRequest) => string);

export interface ScriptedProvider extends Provider {
  /** Every request sent, in order. */
  readonly requests: RawRequest[];
}

/** Counts tokens as characters / 4: the bench measures prompt size with lib/tokens.ts, not this. */
/** Sized like an API model unless `limits` says otherwise (the job-size tests pass WebLLM's). */
export function scriptedProvider(
  steps: ScriptStep[],
  model = 'scripted-1',
  limits?: ModelLimits,
): ScriptedProvider {
  const requests: RawRequest[] = [];
  const queue = [...steps];
  const provider = makeProvider(
    'scripted',
    model,
    async (req) => {
      requests.push(req);
      const step = queue.shift();
      if (step === undefined) throw new Error('scripted provider: script exhausted');
      if (step instanceof Error) throw step;
      const text = typeof step === 'function' ? step(req) : step;
      const prompt = req.system.length + req.messages.reduce((n, m) => n + m.content.length, 0);
      return { text, promptTokens: Math.ceil(prompt / 4), completionTokens: Math.ceil(text.length / 4) };
    },
    limits,
  );
  return Object.assign(provider, { requests });
}
