// The push after a local change (#15): prompt for one edit, one run for a burst, never postponed by a long burst.
// The old 3 s trailing debounce fails the first two tests (it had not run at 1.2 s, and a burst postponed it).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { coalesce, MAX_WAIT_MS, QUIET_MS } from './push-schedule';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('one edit is pushed within QUIET_MS, well under the 2 s the issue allows', () => {
  const run = vi.fn();
  const c = coalesce(run);
  c.touch();
  expect(c.pendingMs).toBe(QUIET_MS);
  expect(QUIET_MS).toBeLessThanOrEqual(500);
  vi.advanceTimersByTime(QUIET_MS - 1);
  expect(run).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(run).toHaveBeenCalledTimes(1);
});

it('a burst of writes is one run, started at most MAX_WAIT_MS after its first write', () => {
  const run = vi.fn();
  const c = coalesce(run);
  // A write every 200 ms: a plain trailing debounce would wait for the end of the burst.
  for (let t = 0; t < MAX_WAIT_MS; t += 200) {
    c.touch();
    vi.advanceTimersByTime(200);
  }
  expect(run).toHaveBeenCalledTimes(1);
  expect(MAX_WAIT_MS).toBeLessThanOrEqual(2_000);
});

it('writes close together make one run; a later write starts a new burst', () => {
  const run = vi.fn();
  const c = coalesce(run);
  c.touch();
  vi.advanceTimersByTime(100);
  c.touch();
  vi.advanceTimersByTime(100);
  c.touch();
  vi.advanceTimersByTime(QUIET_MS);
  expect(run).toHaveBeenCalledTimes(1);
  c.touch();
  expect(c.pendingMs).toBe(QUIET_MS);
  vi.advanceTimersByTime(QUIET_MS);
  expect(run).toHaveBeenCalledTimes(2);
});

it('cancel drops a pending run', () => {
  const run = vi.fn();
  const c = coalesce(run);
  c.touch();
  c.cancel();
  vi.advanceTimersByTime(MAX_WAIT_MS * 2);
  expect(run).not.toHaveBeenCalled();
});
