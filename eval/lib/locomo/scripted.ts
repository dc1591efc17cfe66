// Scripted models for eval:locomo (#7, CI plumbing): the extractor answers each session with its gold
// observations through the real pipeline (all ADD), the answerer repeats the gold answer only when the block
// holds it, and the judge says yes on an exact match. The numbers measure the plumbing, not a model.
import { makeProvider } from '../../../lib/providers/structured';
import type { Provider } from '../../../lib/providers/types';
import type { ProviderCall } from '../provider';
import type { LocomoQuestion, LocomoSession } from './data';

export function scriptedSessionProvider(s: LocomoSession): Provider {
  return makeProvider('scripted', 'scripted-1', async (req) => {
    const user = req.messages.map((m) => m.content).join('\n');
    const facts = [...user.matchAll(/^F(\d+) \(/gm)].map((m) => Number(m[1]));
    const first = /^\[(\d+)\] user/m.exec(user.split('=== NEW TURNS')[1] ?? user);
    const memories = s.observations.map((text) => ({
      ...{ text, type: 'event', priority: 50, confidence: 0.9, attributedTo: 'user' },
      ...{ occurredStart: null, occurredEnd: null, sourceTurns: first ? [Number(first[1])] : [] },
    }));
    const operations = facts.map((fact) => ({ fact, op: 'ADD', target: null, text: null, reason: 'new' }));
    const text = JSON.stringify(req.schemaName === 'operations' ? { operations } : { memories });
    return { text, promptTokens: Math.ceil(user.length / 4), completionTokens: Math.ceil(text.length / 4) };
  });
}

const field = (text: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? '';

export function scriptedAnswerer(questions: LocomoQuestion[]): ProviderCall {
  const gold = new Map(questions.map((q) => [q.question, q.gold]));
  return async (r) => {
    const g = gold.get(field(r.user, 'Question')) ?? '';
    const text = g && r.user.toLowerCase().includes(g.toLowerCase()) ? g : "I don't know";
    return { text, usage: { promptTokens: Math.ceil(r.user.length / 4), completionTokens: 3, costUsd: 0 } };
  };
}

export const scriptedJudge: ProviderCall = async (r) => ({
  text: field(r.user, 'Generated answer') === field(r.user, 'Gold answer') ? 'yes' : 'no',
  usage: { promptTokens: Math.ceil(r.user.length / 4), completionTokens: 1, costUsd: 0 },
});
