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
