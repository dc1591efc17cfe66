import { compareHlc, decodeHlc, encodeHlc, receive, tick, ZERO_CLOCK } from './hlc';

const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';
const HOUR = 3_600_000;

describe('hybrid logical clock', () => {
  it('encodes so that string order is clock order, device last', () => {
    const early = encodeHlc({ wall: 9_000, count: 5 }, B);
    const late = encodeHlc({ wall: 10_000, count: 0 }, A);
    expect(compareHlc(early, late)).toBe(-1);
    expect(compareHlc(encodeHlc({ wall: 1, count: 2 }, A), encodeHlc({ wall: 1, count: 10 }, A))).toBe(-1);
    expect(compareHlc(encodeHlc({ wall: 1, count: 1 }, A), encodeHlc({ wall: 1, count: 1 }, B))).toBe(-1);
    expect(decodeHlc(late)).toEqual({ wall: 10_000, count: 0, device: A });
    expect(() => decodeHlc('2026-11-01T10:00:00Z')).toThrow(/Not a hybrid logical clock/);
  });

  it('never runs backwards when the wall clock does', () => {
    const a = tick(ZERO_CLOCK, 5_000);
    const b = tick(a, 4_000);
    expect(b).toEqual({ wall: 5_000, count: 1 });
    expect(compareHlc(encodeHlc(a, A), encodeHlc(b, A))).toBe(-1);
  });

  it('an event made after seeing another sorts after it, on a device whose clock is an hour behind', () => {
    const now = 1_800_000_000_000;
    const seenFromA = encodeHlc(tick(ZERO_CLOCK, now), A);
    const bClock = receive(ZERO_CLOCK, seenFromA, now - HOUR);
    const bEdit = encodeHlc(tick(bClock, now - HOUR + 1_000), B);
    expect(compareHlc(bEdit, seenFromA)).toBe(1);
  });

  it('receive moves past both clocks in every case', () => {
    const r = encodeHlc({ wall: 100, count: 7 }, B);
    expect(receive({ wall: 100, count: 3 }, r, 50)).toEqual({ wall: 100, count: 8 });
    expect(receive({ wall: 200, count: 3 }, r, 50)).toEqual({ wall: 200, count: 4 });
    expect(receive({ wall: 50, count: 3 }, r, 60)).toEqual({ wall: 100, count: 8 });
    expect(receive({ wall: 50, count: 3 }, r, 300)).toEqual({ wall: 300, count: 0 });
  });
});
