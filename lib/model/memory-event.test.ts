import { describe, expect, test } from 'vitest';
import { memoryEvent } from './memory-event';
import { newMemory } from './new-memory';
import { MemoryEvent } from './records';

const at = '2026-12-07T10:00:00.000Z';
const memory = newMemory({ text: 'I keep bees.', type: 'profile', tokenCount: 4 }, at);

describe('memoryEvent (#38 item 5)', () => {
  test('every maker gives a valid event; only the extractor carries a job, prompt version and model', () => {
    const byUser = memoryEvent(
      { op: 'add', before: null, after: memory, reason: 'Typed', at },
      { actor: 'user' },
    );
    const by = { actor: 'extractor', jobId: 'j1', promptVersion: 'v7', model: 'm' } as const;
    const extracted = memoryEvent(
      { id: 'j1:0', op: 'add', before: null, after: memory, reason: 'Said', at },
      by,
    );
    for (const e of [byUser, extracted]) expect(MemoryEvent.safeParse(e).success).toBe(true);
    expect(byUser).toMatchObject({ memoryId: memory.id, actor: 'user', jobId: null, model: null, at });
    expect(extracted).toMatchObject({ id: 'j1:0', actor: 'extractor', jobId: 'j1', promptVersion: 'v7' });
  });

  test('a delete names the memory it removed; ids are fresh unless given', () => {
    const change = { op: 'delete', before: memory, after: null, reason: 'Deleted', at } as const;
    const [a, b] = [memoryEvent(change, { actor: 'user' }), memoryEvent(change, { actor: 'user' })];
    expect(a.memoryId).toBe(memory.id);
    expect(a.id).not.toBe(b.id);
  });

  test('an import and an agent keep their marks', () => {
    const imported = memoryEvent(
      { op: 'add', before: null, after: memory, reason: 'File', at, imported: true },
      { actor: 'import' },
    );
    const agent = memoryEvent(
      { op: 'add', before: null, after: memory, reason: 'Agent', at, agent: 'Claude Desktop' },
      { actor: 'agent' },
    );
    expect(imported.imported).toBe(true);
    expect(agent).toMatchObject({ actor: 'agent', agent: 'Claude Desktop' });
    expect('agent' in imported).toBe(false);
  });
});
