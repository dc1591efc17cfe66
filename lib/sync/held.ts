// Lines from a newer Engram (#38). A reader whose site list is older than its writer's used to refuse the whole
// segment over one record with a site it did not know, and so stopped reading that device, silently. Now a line
// that fails only on what a newer Engram may write (a site, a memory type or a line kind it does not know, or
// fields it does not know), in a file whose header says a newer Engram wrote it, is held as it came: kept, passed
// on in this device's snapshots, and offered again at every sync until the reader knows it. Anything else wrong
// still refuses the file. A held line is data only: stored as its JSON text, applied only through the strict
// schemas, never merged into a live record.
import type { z } from 'zod/mini';
import { MemoryType } from '../model/records';
import { Site } from '../model/site';
import { TooNew, Unreadable } from './files';
import type { Waiting } from '../model/sync';
import { HeldLine } from './format';
import type { Held, SyncState } from './port';

/** A record larger than this is not held (a conversation event with long turns is well under it). */
export const MAX_HELD_CHARS = 2_000_000;
/** Held lines per device at most: beyond it the file is refused as before, and read after an update. */
export const MAX_HELD = 10_000;
/** Held text on this device at most, all devices together (about what 20,000 memory events take). */
export const MAX_HELD_CHARS_ALL = 50_000_000;

/** "1.10.0" is newer than "1.9.2"; a missing version is never newer, so an old file is judged as before. */
export function newerThan(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `raw` holds a key the schema dropped from `parsed` (zod strips what it does not know): a field from later. */
export function hasUnknownFields(raw: unknown, parsed: unknown): boolean {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.some((item, i) => hasUnknownFields(item, parsed[i]));
  if (!isObject(raw) || !isObject(parsed)) return false;
  return Object.keys(raw).some((k) => !Object.hasOwn(parsed, k) || hasUnknownFields(raw[k], parsed[k]));
}

/** What a newer Engram may add to: the enums whose new values a reader holds rather than refuses. */
const GROWING = [Site.options, MemoryType.options].map((o) => [...o].sort().join(' '));
const ID = /^[a-z][a-z0-9-]{0,31}$/;

function at(raw: unknown, path: PropertyKey[]): unknown {
  let v = raw;
  for (const p of path)
    v = isObject(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/** Every issue is a value a newer Engram may write: a new site or memory type, or a new line kind. */
function onlyNewer(issues: z.core.$ZodIssue[], raw: unknown): boolean {
  return issues.every((i) => {
    const value = at(raw, i.path);
    if (typeof value !== 'string' || !ID.test(value)) return false;
    if (i.code === 'invalid_value') return GROWING.includes(i.values.map(String).sort().join(' '));
    return i.code === 'invalid_union' && i.errors.length === 0 && i.path.length === 1 && i.path[0] === 't';
  });
}

export type Read<T> = { line: T } | { hold: true };

/**
 * One line judged by its writer's version against this reader's: read, held (only when the writer is newer and
 * what fails is only something newer), or refused (throws, and nothing of the file is applied).
 */
export function readLine<T>(
  schema: z.ZodMiniType<T>,
  raw: unknown,
  writer: string | undefined,
  reader: string | undefined,
): Read<T> {
  const r = schema.safeParse(raw);
  const newer = newerThan(writer, reader);
  if (r.success) return newer && hasUnknownFields(raw, r.data) ? { hold: true } : { line: r.data };
  if (newer && onlyNewer(r.error.issues, raw)) return { hold: true };
  throw new Unreadable(`A line that is not Engram's: ${r.error.issues[0]?.message ?? 'invalid'}`);
}

/** A held line as it came, checked for size; a larger one refuses the file (as before #38). */
export function heldOf(key: string, dev: string, by: string, raw: unknown): Held {
  const line = JSON.stringify(raw);
  if (line.length > MAX_HELD_CHARS) throw new TooNew('A record from a newer Engram too large to keep');
  return { key, dev, by, line };
}

/**
 * A device has at most MAX_HELD lines held, and all devices MAX_HELD_CHARS_ALL of text: past either, the file is
 * refused (as before #38) until an update, so a device that claims a newer version cannot fill this one's disk.
 */
export function checkRoom(held: Held[], put: Held[]): void {
  const all = [...held, ...put];
  if (all.reduce((n, h) => n + h.line.length, 0) > MAX_HELD_CHARS_ALL)
    throw new TooNew('Too much from a newer Engram to keep');
  for (const dev of new Set(put.map((h) => h.dev)))
    if (all.filter((h) => h.dev === dev).length > MAX_HELD)
      throw new TooNew(`More than ${MAX_HELD} records from a newer Engram`);
}

/** What waits for an update, per device that wrote it: Options → Sync says "Update Engram to read N changes from…". */
export function waitingOf(counts: Map<string, number>, state: Pick<SyncState, 'peers'> | null): Waiting[] {
  return [...counts].map(([id, count]) => ({ id, name: state?.peers?.[id]?.name ?? null, count }));
}

/** Counts per device of held lines. */
export function countByDevice(held: Held[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const h of held) counts.set(h.dev, (counts.get(h.dev) ?? 0) + 1);
  return counts;
}

/** A held line as this device passes it on in a snapshot: with its own writer and version. */
export function passOn(h: Held): HeldLine {
  return { t: 'held', by: h.by, dev: h.dev, line: JSON.parse(h.line) as unknown };
}
