// What a reader holds for a newer Engram, and what it still refuses (#38): holding must not open a hole. Only a
// file whose writer says it is newer may have lines held, only for what a newer Engram may write, and a held line
// is text until a reader that knows it parses it with the strict schemas.
import { describe, expect, it } from 'vitest';
import { conversation, event, memory } from '../../test/helpers/records';
import { checkHeldEvents, Misnamed } from './bind';
import { TooNew, Unreadable } from './files';
import { KnownLine, SyncEvent } from './format';
import { checkRoom, heldOf, MAX_HELD, MAX_HELD_CHARS, newerThan, readLine } from './held';
import { encodeHlc } from './hlc';
import { offerAgain, sortPart, sortSegment } from './read-lines';

const DEV = 'feedfacecafebeef';
const hlc = encodeHlc({ wall: Date.parse('2026-12-01T10:00:00Z'), count: 0 }, DEV);
const common = { id: 'e1', hlc, dev: DEV };
const convLine = (over: Record<string, unknown>) => ({
  t: 'conv',
  ...common,
  conv: { ...conversation(), ...over },
  turns: [],
});
const poe = convLine({ key: 'poe:c1', site: 'poe', url: 'https://poe.com/chat/c1' });
const memLine = (after: Record<string, unknown>) => ({
  t: 'mem',
  ...common,
  bases: [],
  ev: { ...event(), after: { ...memory(), ...after } },
});

describe('which lines are held (#38)', () => {
  it('compares versions by number, and a missing one is never newer', () => {
    expect(newerThan('0.10.0', '0.9.9')).toBe(true);
    expect(newerThan('1.0', '1.0.0')).toBe(false);
    expect(newerThan('0.1.0', '0.2.0')).toBe(false);
    expect(newerThan(undefined, '0.1.0')).toBe(false);
    expect(newerThan('0.2.0', undefined)).toBe(false);
  });

  it('holds a site, a memory type, a line kind or fields it does not know, from a newer writer only', () => {
    const unknown = [poe, memLine({ type: 'goal' }), { t: 'react', ...common, emoji: '🐝' }];
    for (const raw of [...unknown, memLine({ lang: 'pt' })])
      expect(readLine(SyncEvent, raw, '0.2.0', '0.1.0')).toEqual({ hold: true });
    // The same lines from a writer no newer than this reader are what they were before #38: refused, or stripped.
    for (const raw of unknown) expect(() => readLine(SyncEvent, raw, '0.1.0', '0.1.0')).toThrow(Unreadable);
    const stripped = readLine(SyncEvent, memLine({ lang: 'pt' }), undefined, '0.1.0');
    expect('line' in stripped && stripped.line.t === 'mem' && stripped.line.ev.after).toEqual(memory());
  });

  it('still refuses what is broken, whoever says they wrote it', () => {
    const broken = [
      { ...poe, hlc: 'yesterday' },
      convLine({ url: 'javascript:alert(1)' }),
      convLine({ site: '__proto__' }),
      convLine({ site: 'x'.repeat(40) }),
      memLine({ type: 'goal', priority: 1000 }),
      memLine({ text: '' }),
    ];
    for (const raw of broken) expect(() => readLine(SyncEvent, raw, '9.0.0', '0.1.0')).toThrow(Unreadable);
  });

  it('a site a newer Engram wrote with a foreign link is held as text, and refused once the reader is as new', () => {
    const raw = convLine({ key: 'poe:c1', site: 'poe', url: 'javascript:alert(1)' });
    const sorted = sortSegment([raw], 'log-1', DEV, '0.2.0', '0.1.0');
    expect(sorted.held).toHaveLength(1);
    const offered = offerAgain(sorted.held, '0.2.0');
    expect(offered).toMatchObject({ lines: [], release: [sorted.held[0]!.key] });
    expect(offered.broken).toHaveLength(1);
  });

  it('a prototype key is kept as text and never reaches a live record or Object.prototype', () => {
    const raw = JSON.parse(
      JSON.stringify(memLine({})).replace('"pinned":false', '"pinned":false,"__proto__":{"polluted":1}'),
    ) as unknown;
    const { held } = sortSegment([raw], 'log-1', DEV, '0.2.0', '0.1.0');
    expect(held[0]?.line).toContain('"__proto__":{"polluted":1}');
    const { lines } = offerAgain(held, '0.2.0');
    const after = lines[0]?.t === 'mem' ? lines[0].ev.after : null;
    expect(after && Object.keys(after)).not.toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a snapshot passes on a held line judged by its first writer, not by the snapshot', () => {
    const wrapped = { t: 'held', by: '0.2.0', dev: DEV, line: poe };
    // An older device's snapshot (0.1.0) carrying a newer device's line: held by a 0.1.0 reader, read by a 0.2.0.
    expect(sortPart([wrapped], 'snap-0', 'aaaaaaaaaaaaaaaa', '0.1.0', '0.1.0').held).toHaveLength(1);
    expect(() => sortPart([{ ...wrapped, by: '0.1.0' }], 'snap-0', DEV, '0.1.0', '0.1.0')).toThrow(
      Unreadable,
    );
    expect(() => sortPart([{ ...wrapped, dev: 'me' }], 'snap-0', DEV, '0.1.0', '0.1.0')).toThrow();
    expect(KnownLine.safeParse(poe).success).toBe(false);
  });

  it('a held line must be made by its segment’s device, like every other line', () => {
    const held = sortSegment([poe], 'log-1', 'aaaaaaaaaaaaaaaa', '0.2.0', '0.1.0').held;
    expect(() => checkHeldEvents(held, 'aaaaaaaaaaaaaaaa')).toThrow(Misnamed);
    const bare = sortSegment([{ t: 'react' }], 'log-1', DEV, '0.2.0', '0.1.0').held;
    expect(() => checkHeldEvents(bare, DEV)).toThrow(Misnamed);
  });

  it('keeps a bounded amount: a huge line or too many refuse the file, as before', () => {
    const huge = memLine({ lang: 'x'.repeat(MAX_HELD_CHARS) });
    expect(() => sortSegment([huge], 'log-1', DEV, '0.2.0', '0.1.0')).toThrow(TooNew);
    const one = heldOf('k', DEV, '0.2.0', poe);
    const full = Array.from({ length: MAX_HELD }, (_, i) => ({ ...one, key: `k${i}` }));
    expect(() => checkRoom(full, [{ ...one, key: 'one more' }])).toThrow(TooNew);
    expect(() => checkRoom(full.slice(1), [one])).not.toThrow();
  });
});
