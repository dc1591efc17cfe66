// Hybrid logical clock (Kulkarni et al. 2014): wall time that never runs backwards and always moves past every clock
// it has seen, so an edit made after seeing another sorts after it even when this device's clock is an hour behind
// (#15 fault test "clock an hour off"). Encoded as a fixed-width string: string order is clock order, and the device
// id breaks ties, so every pair of events has one order on every device.

export interface Clock {
  /** Largest wall time (ms) seen. */
  wall: number;
  /** Events at that wall time. */
  count: number;
}

const WALL_DIGITS = 15;
const COUNT_DIGITS = 6;
const PATTERN = /^(\d{15})\.(\d{6})\.([a-z0-9]{1,32})$/;

export const ZERO_CLOCK: Clock = { wall: 0, count: 0 };

export function encodeHlc(clock: Clock, device: string): string {
  return `${String(clock.wall).padStart(WALL_DIGITS, '0')}.${String(clock.count).padStart(COUNT_DIGITS, '0')}.${device}`;
}

export function decodeHlc(hlc: string): Clock & { device: string } {
  const m = PATTERN.exec(hlc);
  if (!m) throw new Error(`Not a hybrid logical clock: ${hlc.slice(0, 40)}`);
  return { wall: Number(m[1]), count: Number(m[2]), device: m[3] ?? '' };
}

export function isHlc(hlc: string): boolean {
  return PATTERN.test(hlc);
}

/** The clock for a new local event at physical time `now`. */
export function tick(clock: Clock, now: number): Clock {
  return now > clock.wall ? { wall: now, count: 0 } : { wall: clock.wall, count: clock.count + 1 };
}

/** The clock after seeing a remote event: past both it and our own. */
export function receive(clock: Clock, remote: string, now: number): Clock {
  const r = decodeHlc(remote);
  const wall = Math.max(clock.wall, r.wall, now);
  if (wall === clock.wall && wall === r.wall) return { wall, count: Math.max(clock.count, r.count) + 1 };
  if (wall === clock.wall) return { wall, count: clock.count + 1 };
  if (wall === r.wall) return { wall, count: r.count + 1 };
  return { wall, count: 0 };
}

export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function maxHlc(a: string, b: string): string {
  return a >= b ? a : b;
}
