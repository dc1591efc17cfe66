// A small, realistic data set for the README screenshots (#6).
import type { Conversation, Job, Memory, MemoryEvent, Turn, Usage } from '../../lib/model/records';
import type { Rows } from './seed';

const day = (d: number, h = 10) => new Date(Date.UTC(2026, 10, d, h)).toISOString();
const CONV: Conversation = {
  key: 'chatgpt:trip-1',
  site: 'chatgpt',
  id: 'trip-1',
  url: 'https://chatgpt.com/c/trip-1',
  title: 'Planning a week in Porto',
  scope: null,
  createdAt: day(20),
  updatedAt: day(20, 11),
  health: { strategy: 'api', turnsSeen: 4, turnsStored: 4, lastError: null, checkedAt: day(20, 11) },
};
const TURNS: Turn[] = [
  ['t1', 'user', 'I am vegetarian and I will be in Porto from 3 to 10 December. Where should I eat?'],
  ['t2', 'assistant', 'Here are five vegetarian-friendly places near Ribeira…'],
  ['t3', 'user', 'I do not drink alcohol, so skip the port cellars.'],
  ['t4', 'assistant', 'Noted. Instead of the cellars, try the Livraria Lello and the Serralves gardens.'],
].map(([id, role, text], order) => ({
  key: `chatgpt:trip-1:${id}`,
  conversationKey: 'chatgpt:trip-1',
  id: id ?? '',
  role: role === 'user' ? 'user' : 'assistant',
  text: text ?? '',
  createdAt: day(20),
  order,
  superseded: false,
  capturedAt: day(20, 11),
}));

function mem(id: string, text: string, over: Partial<Memory> = {}): Memory {
  return {
    ...{ id, text, type: 'profile', priority: 50, confidence: 0.9, attributedTo: 'user' },
    ...{
      occurredStart: null,
      occurredEnd: null,
      mentionedAt: day(20),
      createdAt: day(20),
      updatedAt: day(20),
    },
    ...{ sources: [], proofCount: 1, scope: 'global', status: 'active', pinned: false, tokenCount: 12 },
    ...over,
  };
}

const fromTrip = (turnIds: string[]) => [
  { site: 'chatgpt' as const, conversationId: 'trip-1', turnIds, url: CONV.url },
];

const MEMORIES: Memory[] = [
  mem('veg', 'I am vegetarian.', {
    type: 'preference',
    priority: 80,
    pinned: true,
    sources: fromTrip(['t1']),
  }),
  mem('porto', 'Travelling to Porto from 3 to 10 December 2026.', {
    type: 'event',
    sources: fromTrip(['t1']),
  }),
  mem('brief', 'Answer briefly, then offer details.', { type: 'instruction', priority: -1 }),
  mem('metric', 'Use metric units and 24-hour time.', { type: 'preference', priority: 60 }),
  mem('nurse', 'I work as a nurse in Berlin, on night shifts.', { updatedAt: day(18) }),
  mem('rust', 'Learning Rust; prefers examples over theory.', { type: 'preference', scope: 'site:claude' }),
  mem('old', 'Lives in Lisbon.', { status: 'deleted', updatedAt: day(15) }),
  mem('alcohol', 'I do not drink alcohol.', {
    status: 'pending',
    type: 'preference',
    sources: fromTrip(['t3']),
  }),
  mem('nurse2', 'I work as a nurse in Hamburg, on day shifts.', {
    status: 'pending',
    updatedAt: day(21),
    sources: fromTrip(['t1']),
  }),
];

function ev(
  memoryId: string,
  op: MemoryEvent['op'],
  before: Memory | null,
  after: Memory,
  at: string,
): MemoryEvent {
  const extractor = {
    actor: 'extractor' as const,
    model: 'gpt-4o-mini',
    promptVersion: 'v1',
    jobId: 'job-done',
  };
  return {
    id: `${memoryId}-${op}-${at}`,
    memoryId,
    op,
    before,
    after,
    reason: 'Stated in conversation',
    at,
    ...extractor,
  };
}

const nurse = MEMORIES.find((m) => m.id === 'nurse') ?? mem('nurse', '');
const EVENTS: MemoryEvent[] = [
  ...MEMORIES.filter((m) => m.id !== 'nurse2').map((m) => ev(m.id, 'add', null, m, m.createdAt)),
  ev('nurse2', 'update', nurse, MEMORIES.find((m) => m.id === 'nurse2') ?? nurse, day(21)),
];

const job = (id: string, status: Job['status'], lastError: string | null): Job => ({
  ...{ id, kind: 'extract', conversationKey: CONV.key, status, attempts: status === 'failed' ? 3 : 1 },
  ...{
    fromOrder: 0,
    runAfter: day(20),
    leaseUntil: null,
    lastError,
    createdAt: day(20),
    updatedAt: day(20, 12),
  },
});

const usage = (d: number, model: string, prompt: number, cost: number | null): Usage => ({
  ...{ id: `u-${d}-${model}`, at: day(d), day: day(d).slice(0, 10), provider: 'openai-compatible', model },
  ...{ promptTokens: prompt, completionTokens: Math.round(prompt / 8), costUsd: cost, jobId: null },
});

export const DEMO: Rows = {
  conversations: [CONV],
  turns: TURNS,
  memories: MEMORIES,
  memoryEvents: EVENTS,
  jobs: [
    job('job-done', 'done', null),
    job('job-failed', 'failed', 'HTTP 429: rate limited by the provider'),
  ],
  usage: [
    usage(20, 'gpt-4o-mini', 5200, 0.0011),
    usage(21, 'gpt-4o-mini', 2100, 0.0004),
    usage(21, 'local-llama', 900, null),
  ],
};
