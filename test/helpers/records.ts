import type { Conversation, Memory, MemoryEvent, Turn } from '../../lib/model/records';

const AT = '2026-11-01T10:00:00.000Z';

export function memory(over: Partial<Memory> = {}): Memory {
  return {
    id: 'm1',
    text: 'I live in Lisbon.',
    type: 'profile',
    priority: 50,
    confidence: 1,
    attributedTo: 'user',
    occurredStart: null,
    occurredEnd: null,
    mentionedAt: AT,
    createdAt: AT,
    updatedAt: AT,
    sources: [],
    proofCount: 1,
    scope: 'global',
    status: 'active',
    pinned: false,
    tokenCount: 5,
    ...over,
  };
}

export function event(over: Partial<MemoryEvent> = {}): MemoryEvent {
  return {
    id: 'e1',
    memoryId: 'm1',
    op: 'add',
    before: null,
    after: memory(),
    reason: 'test',
    actor: 'user',
    jobId: null,
    promptVersion: null,
    model: null,
    at: AT,
    ...over,
  };
}

export function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    key: 'chatgpt:c1',
    site: 'chatgpt',
    id: 'c1',
    url: 'https://chatgpt.com/c/c1',
    title: 'Trip',
    scope: null,
    createdAt: null,
    updatedAt: AT,
    health: { strategy: 'page', turnsSeen: 2, turnsStored: 2, lastError: null, checkedAt: AT },
    ...over,
  };
}

export function turn(over: Partial<Turn> = {}): Turn {
  return {
    key: 'chatgpt:c1:t1',
    conversationKey: 'chatgpt:c1',
    id: 't1',
    role: 'user',
    text: 'Hello',
    createdAt: null,
    order: 0,
    superseded: false,
    capturedAt: AT,
    ...over,
  };
}
