// The model of the fault-injection schedules (#12): a provider whose every call waits until the schedule
// answers it, fails it, or kills the worker that made it. Replies are scripted from the prompt and a seeded
// random source, so extraction adds, confirms, updates and deletes memories the person is also editing.
import { makeProvider } from '../../lib/providers/structured';
import type { Provider, RawReply, RawRequest } from '../../lib/providers/types';
import type { Random } from './seeded-random';

export const pick = <T>(rnd: Random, list: readonly T[]): T | undefined =>
  list[Math.floor(rnd() * list.length)];

const section = (prompt: string, from: string) =>
  prompt.slice(prompt.indexOf(from)).split('=== END')[0] ?? '';

/** One fact per new user turn ("I like X." -> "Likes X."), citing that turn. */
function extraction(prompt: string): string {
  const fresh = section(prompt, '=== NEW TURNS');
  const memories = [...fresh.matchAll(/^\[(\d+)\] user[^:]*: I like (\w+)/gm)].map(([, label, word]) => ({
    text: `Likes ${word ?? 'nothing'}.`,
    type: 'preference',
    priority: 50,
    confidence: 0.9,
    attributedTo: 'user',
    occurredStart: null,
    occurredEnd: null,
    sourceTurns: [Number(label)],
  }));
  return JSON.stringify({ memories });
}

/** A random operation per fact: add, update, delete or keep one of the candidates it was shown. */
function consolidation(prompt: string, rnd: Random): string {
  const candidates = [...prompt.matchAll(/^M(\d+) /gm)].length;
  const facts = [...prompt.matchAll(/^F(\d+) \([^)]*\) "([^"]*)"/gm)];
  const operations = facts.map(([, label, text]) => {
    const op = pick(rnd, ['ADD', 'UPDATE', 'DELETE', 'NONE'] as const) ?? 'ADD';
    const target = op === 'ADD' || candidates === 0 ? null : 1 + Math.floor(rnd() * candidates);
    const updated = op === 'UPDATE' ? `${text ?? ''} Still true in ${2000 + Math.floor(rnd() * 30)}.` : null;
    return { fact: Number(label), op, target, text: updated, reason: `scripted ${op}` };
  });
  return JSON.stringify({ operations });
}

interface Call {
  req: RawRequest;
  answer(): void;
  fail(error: Error): void;
  abandoned: boolean;
}

export class FaultModel {
  private call: Call | null = null;
  private waiting: (() => void)[] = [];
  /** Answer at once (the final run that lets every job end), instead of waiting for the schedule. */
  instant = false;

  constructor(
    private readonly rnd: Random,
    /** Whether an aborted call stops (a fetch does) or answers anyway (a model that cannot be stopped). */
    private readonly honoursAbort: boolean,
  ) {}

  get pending(): boolean {
    return this.call !== null;
  }

  /** Resolves when a call is waiting for the schedule. */
  parked(): Promise<void> {
    return this.call ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  answer(): void {
    this.call?.answer();
  }

  fail(): void {
    this.call?.fail(new Error('HTTP 503: overloaded'));
  }

  /** The worker that made the call is gone: it is never answered, and its abort reaches no one. */
  abandon(): void {
    if (this.call) this.call.abandoned = true;
    this.call = null;
  }

  private release(call: Call): void {
    if (this.call === call) this.call = null;
  }

  private reply(req: RawRequest): RawReply {
    const prompt = req.messages.map((m) => m.content).join('\n');
    const text = req.schemaName === 'memories' ? extraction(prompt) : consolidation(prompt, this.rnd);
    return { text, promptTokens: Math.ceil(prompt.length / 4), completionTokens: Math.ceil(text.length / 4) };
  }

  provider(): Provider {
    return makeProvider('scripted', 'fault-1', (req) => {
      if (this.instant) return Promise.resolve(this.reply(req));
      return new Promise<RawReply>((resolve, reject) => {
        const call: Call = {
          req,
          abandoned: false,
          answer: () => (this.release(call), resolve(this.reply(req))),
          fail: (e) => (this.release(call), reject(e)),
        };
        if (this.honoursAbort)
          req.signal?.addEventListener('abort', () => !call.abandoned && call.fail(new Error('aborted')), {
            once: true,
          });
        this.call = call;
        this.waiting.splice(0).forEach((wake) => wake());
      });
    });
  }
}
