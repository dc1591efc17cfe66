// Talks to the past index's worker (lib/past/worker.ts) from the context that started it: the offscreen
// document (Chrome) or the background page (Firefox). Replies are validated like any cross-context message.
import { z } from 'zod/mini';
import { PastReply, type PastOp } from '../model/past';

const Answer = z.object({ id: z.number(), reply: z.optional(PastReply), error: z.optional(z.string()) });

export type PastCall = (op: PastOp) => Promise<PastReply>;

export function startPastWorker(): PastCall {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve: (r: PastReply) => void; reject: (e: Error) => void }>();
  let next = 0;
  worker.onmessage = (event: MessageEvent<unknown>) => {
    const parsed = Answer.safeParse(event.data);
    if (!parsed.success) return;
    const { id, reply, error } = parsed.data;
    const call = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined || !reply) call?.reject(new Error(error ?? 'past index: no reply'));
    else call?.resolve(reply);
  };
  return (op) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, op });
    });
}
