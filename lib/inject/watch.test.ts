import { describe, expect, test } from 'vitest';
import type { Sight } from './sight';
import { LOOK_MS, watchSight, type WatchClock } from './watch';

/** A clock the test moves by hand; `tick` runs the watch's looks that fall due. */
function handClock() {
  let now = 0;
  let run: (() => void) | null = null;
  const clock: WatchClock = {
    now: () => now,
    every: (r) => {
      run = r;
      return () => (run = null);
    },
  };
  const tick = (ms: number) => {
    for (const end = now + ms; now + LOOK_MS <= end;) {
      now += LOOK_MS;
      run?.();
    }
  };
  const jump = (ms: number) => (now += ms);
  return { clock, tick, jump, stopped: () => run === null };
}

function watched(initial: Sight = 'plain') {
  const hand = handClock();
  let sight = initial;
  const looks: { sight: Sight; deep: boolean }[] = [];
  const watch = watchSight(
    (deep) => (looks.push({ sight, deep }), sight),
    () => undefined,
    500,
    hand.clock,
  );
  return { ...hand, watch, looks, set: (s: Sight) => (sight = s) };
}

describe('the preview inserts only after 500 ms of plain sight without a break (#25 item 8)', () => {
  test('just shown: brief, until it has been plain for 500 ms', () => {
    const { watch, tick } = watched();
    expect(watch.look(true)).toBe('brief');
    tick(400);
    expect(watch.look(true)).toBe('brief');
    tick(100);
    expect(watch.look(true)).toBe('plain');
  });

  test('hidden for one look, the count starts again when it is shown', () => {
    const { watch, tick, set } = watched();
    tick(1000);
    set('hidden');
    tick(100);
    set('plain');
    expect(watch.look(true)).toBe('brief');
    tick(500);
    expect(watch.look(true)).toBe('plain');
  });

  test('shown only as the pointer arrives: what the click asks about is brief', () => {
    const { watch, tick, set } = watched('hidden');
    tick(3000);
    set('plain');
    expect(watch.look(true)).toBe('brief');
  });

  test('a gap between looks longer than 500 ms (a busy page, a tab in the background) restarts the count', () => {
    const { watch, tick, jump } = watched();
    tick(1000);
    jump(700);
    expect(watch.look(true)).toBe('brief');
    tick(500);
    expect(watch.look(true)).toBe('plain');
  });

  test('hidden and away are said as they are; the click takes the careful look; stop ends the looks', () => {
    const { watch, tick, set, looks, stopped } = watched();
    set('away');
    expect(watch.look(true)).toBe('away');
    set('hidden');
    expect(watch.look(true)).toBe('hidden');
    expect(looks.map((l) => l.deep)).toEqual([false, true, true]);
    tick(200);
    expect(looks.slice(-2).map((l) => l.deep)).toEqual([false, false]);
    watch.stop();
    expect(stopped()).toBe(true);
  });
});
