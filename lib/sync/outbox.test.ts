// Local changes become events made from the versions this device knew: the merge's notion of "an edit of X".
import { conversation, event, memory, turn } from '../../test/helpers/records';
import type { Heads } from './apply';
import { decodeHlc, ZERO_CLOCK } from './hlc';
import { makeOutbox } from './outbox';

const DEV = 'aaaaaaaaaaaaaaaa';
const heads = (): Heads => ({ memories: new Map(), conversations: new Map() });

it('chains local events on one memory and clocks them in order, never behind what was seen', () => {
  const h = heads();
  h.memories.set('m1', {
    memoryId: 'm1',
    leaves: [
      { id: 'x', hlc: '000000000000005.000000.bbbbbbbbbbbbbbbb', memory: memory() },
      { id: 'y', hlc: '000000000000006.000000.cccccccccccccccc', memory: memory() },
    ],
    referenced: [],
    purged: null,
  });
  const changes = [
    { kind: 'memory' as const, event: event({ id: 'e1', memoryId: 'm1' }) },
    { kind: 'memory' as const, event: event({ id: 'e2', memoryId: 'm1' }) },
    { kind: 'conversation' as const, conversation: conversation(), turns: [turn()] },
    { kind: 'purge' as const, memoryId: 'm2' },
  ];
  const out = makeOutbox(changes, h, DEV, { wall: 50, count: 0 }, 10);
  const [e1, e2, c, p] = out.events;
  expect(e1).toMatchObject({ t: 'mem', id: 'e1', bases: ['x', 'y'] }); // resolves the conflict it saw
  expect(e2).toMatchObject({ t: 'mem', id: 'e2', bases: ['e1'] });
  expect(c?.t).toBe('conv');
  expect(p).toMatchObject({ t: 'purge', mid: 'm2' });
  const clocks = out.events.map((e) => e.hlc);
  expect([...clocks].sort()).toEqual(clocks);
  expect(decodeHlc(clocks[0]!).wall).toBe(50); // the wall clock (10) is behind what this device has seen
  const m1 = out.apply.memories.find((w) => w.head.memoryId === 'm1')!;
  expect(m1.head.leaves.map((l) => l.id)).toEqual(['e2']);
  expect(m1.memory).toBeUndefined(); // heads only: the store already holds its own change
  expect(out.apply.memories.find((w) => w.head.memoryId === 'm2')?.head.purged).toBe(clocks[3]);
  expect(makeOutbox([], heads(), DEV, ZERO_CLOCK, 1).events).toEqual([]);
});

it('stamps a delete when it was made, yet after every version of the record this device held', () => {
  const key = 'chatgpt:c1';
  const h = heads();
  const seen = '000000000000100.000003.bbbbbbbbbbbbbbbb';
  h.conversations.set(key, { key, hlc: seen, gone: null, turns: {} });
  const late = makeOutbox(
    [{ kind: 'conversation-deleted', key, at: new Date(500).toISOString() }],
    h,
    DEV,
    { wall: 900, count: 0 },
    1_000,
  );
  // Made at 500, pushed at 1,000 (after another device's capture at 700 that it never saw): stamped 500.
  expect(decodeHlc(late.events[0]!.hlc).wall).toBe(500);
  expect(late.clock).toEqual({ wall: 900, count: 0 });
  // This device's wall clock was behind (50) what it held (100): the delete still sorts after it.
  h.conversations.set(key, { key, hlc: seen, gone: null, turns: {} });
  const behind = makeOutbox(
    [{ kind: 'conversation-deleted', key, at: new Date(50).toISOString() }],
    h,
    DEV,
    ZERO_CLOCK,
    1_000,
  );
  expect(decodeHlc(behind.events[0]!.hlc)).toMatchObject({ wall: 100, count: 4 });
  h.conversations.set(key, { key, hlc: seen, gone: null, turns: {} });
  const after = makeOutbox(
    [
      { kind: 'conversation', conversation: conversation(), turns: [turn()] },
      { kind: 'conversation-deleted', key, at: new Date(50).toISOString() },
    ],
    h,
    DEV,
    ZERO_CLOCK,
    1_000,
  );
  // A capture pushed in the same batch is stamped at the push (1,000); the delete made after it sorts after it.
  const [capture, del] = after.events.map((e) => e.hlc);
  expect(del! > capture!).toBe(true);
  expect(after.apply.conversations[0]?.head.hlc).toBeNull();
});
