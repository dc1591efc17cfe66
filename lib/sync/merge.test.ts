// The merge's rules (#15), and that the join gives one answer whatever order events arrive in.
import { conversation, event, memory, turn } from '../../test/helpers/records';
import type { MemoryEvent } from '../model/records';
import type { ConvEvent, MemEvent, SyncEvent } from './format';
import { encodeHlc } from './hlc';
import { planApply, type Heads } from './apply';
import {
  applyConv,
  emptyConvHead,
  emptyMemoryHead,
  joinMemoryHeads,
  headOfEvent,
  resolveMemory,
} from './merge';

const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';
const hlc = (wall: number, dev = A) => encodeHlc({ wall, count: 0 }, dev);

function mem(
  id: string,
  wall: number,
  bases: string[],
  over: Partial<MemoryEvent['after'] & object> = {},
  dev = A,
) {
  const ev = event({ id, after: memory(over) });
  return { t: 'mem', id, hlc: hlc(wall, dev), dev, bases, ev } satisfies MemEvent;
}

const noHeads = (): Heads => ({ memories: new Map(), conversations: new Map() });

function stateAfter(events: SyncEvent[]) {
  const apply = planApply(noHeads(), events);
  return apply.memories[0]!;
}

describe('memory merge', () => {
  const add = mem('e0', 1, [], { text: 'I live in Lisbon.' });
  const editA = mem('eA', 2, ['e0'], { text: 'I live in Porto.' }, A);
  const editB = mem('eB', 3, ['e0'], { text: 'I live in Faro.' }, B);

  it('a chain of edits: the last one, no conflict', () => {
    const then = mem('e2', 5, ['eA'], { text: 'I live in Braga.' });
    const w = stateAfter([add, editA, then]);
    expect(w.memory?.text).toBe('I live in Braga.');
    expect(w.conflict).toBe(false);
    expect(w.history.map((h) => h.id)).toEqual(['e0', 'eA', 'e2']);
  });

  it('two edits of the same version: the later clock wins, the loser stays in history, flagged', () => {
    const w = stateAfter([add, editA, editB]);
    expect(w.memory?.text).toBe('I live in Faro.');
    expect(w.conflict).toBe(true);
    expect(w.head.leaves.map((l) => l.id)).toEqual(['eA', 'eB']);
    expect(w.history.map((h) => h.id)).toContain('eA');
  });

  it('gives the same state for every arrival order, and for repeats (set union by id)', () => {
    const events = [add, editA, editB, mem('e3', 4, ['eA'], { text: 'Porto, then Braga.' })];
    const orders = [
      events,
      [...events].reverse(),
      [events[2]!, events[0]!, events[3]!, events[1]!, events[2]!],
    ];
    const results = orders.map((o) => resolveMemory(stateAfter(o).head));
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0]?.memory?.text).toBe('Porto, then Braga.');
  });

  it('a child that arrives before its parent still makes the parent a non-leaf', () => {
    const child = mem('e2', 5, ['eA'], { text: 'child' });
    const w = stateAfter([child, editA, add]);
    expect(w.head.leaves.map((l) => l.id)).toEqual(['e2']);
    expect(w.conflict).toBe(false);
  });

  it('deleted on one device, edited on another: goes to Review, never silently back or gone', () => {
    const del = mem('eD', 9, ['e0'], { status: 'deleted' }, A);
    for (const order of [
      [add, del, editB],
      [add, editB, del],
    ]) {
      const w = stateAfter(order);
      expect(w.memory?.status).toBe('pending');
      expect(w.memory?.text).toBe('I live in Faro.');
      expect(w.conflict).toBe(true);
    }
  });

  it('an edit made after seeing the conflict resolves it', () => {
    const resolved = mem('eR', 10, ['eA', 'eB'], { text: 'I live in Faro.' }, A);
    const w = stateAfter([add, editA, editB, resolved]);
    expect(w.conflict).toBe(false);
    expect(w.head.leaves.map((l) => l.id)).toEqual(['eR']);
  });

  it('Delete forever is final: later edits do not revive it, and no history keeps its text', () => {
    const purge: SyncEvent = { t: 'purge', id: 'p1', hlc: hlc(4), dev: A, mid: 'm1' };
    const late = mem('eL', 99, ['e0'], { text: 'edited offline' }, B);
    for (const order of [
      [add, purge, late],
      [late, add, purge],
    ]) {
      const w = stateAfter(order);
      expect(w.memory).toBeNull();
      expect(w.purge).toBe(true);
      expect(w.history).toEqual([]);
      expect(JSON.stringify(w.head)).not.toContain('offline');
    }
  });

  it('joins are idempotent and commutative', () => {
    const a = headOfEvent(editA);
    const b = headOfEvent(editB);
    expect(joinMemoryHeads(a, b)).toEqual(joinMemoryHeads(b, a));
    expect(joinMemoryHeads(joinMemoryHeads(a, b), b)).toEqual(joinMemoryHeads(a, b));
    expect(resolveMemory(emptyMemoryHead('x'))).toEqual({ memory: null, conflict: false });
  });

  it('writes nothing for an event the store already shows', () => {
    const heads = noHeads();
    heads.memories.set('m1', headOfEvent(add));
    const w = planApply(heads, [add]).memories[0]!;
    expect(w.memory).toBeUndefined();
  });
});

describe('conversation merge', () => {
  const key = 'chatgpt:c1';
  const up = (id: string, wall: number, title: string, turns = [turn()]): ConvEvent => ({
    t: 'conv',
    id,
    hlc: hlc(wall),
    dev: A,
    conv: conversation({ title }),
    turns,
  });
  const del = (wall: number): SyncEvent => ({ t: 'convdel', id: `d${wall}`, hlc: hlc(wall), dev: B, key });

  it('the latest record wins; turns are kept per key by their own clock', () => {
    const t2 = turn({ key: `${key}:t2`, id: 't2', order: 1, text: 'Second' });
    const w = planApply(noHeads(), [up('c2', 5, 'New title', [t2]), up('c1', 3, 'Old title')])
      .conversations[0]!;
    expect(w.conv?.title).toBe('New title');
    expect(w.putTurns.map((t) => t.key).sort()).toEqual([`${key}:t1`, `${key}:t2`]);
  });

  it('a delete removes what is older and is not undone by an older upsert arriving later', () => {
    const heads = noHeads();
    heads.conversations.set(key, { ...emptyConvHead(key), hlc: hlc(3), turns: { [`${key}:t1`]: hlc(3) } });
    const w = planApply(heads, [del(6), up('c-old', 4, 'Stale')]).conversations[0]!;
    expect(w.conv).toBeNull();
    expect(w.removeTurns).toEqual([`${key}:t1`]);
    expect(w.putTurns).toEqual([]);
    expect(w.head).toEqual({ key, hlc: null, gone: hlc(6), turns: {} });
  });

  it('a capture after the delete brings the conversation back: the person visited it again', () => {
    const w = applyConv(
      { ...emptyConvHead(key), gone: hlc(6) },
      {
        t: 'cstate',
        head: { key, hlc: hlc(8), gone: null, turns: { [`${key}:t1`]: hlc(8) } },
        conv: conversation(),
        turns: [turn()],
      },
    );
    expect(w.conv?.key).toBe(key);
    expect(w.putTurns).toHaveLength(1);
  });
});
