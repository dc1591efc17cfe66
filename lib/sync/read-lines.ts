// The lines of one remote file, sorted into those this reader applies and those it holds for a newer one (#38,
// lib/sync/held.ts). A snapshot part may carry lines its writer held itself: each is judged by its own writer.
import type { RemoteLine } from './apply';
import { HeldLine, KnownLine, SnapLine, SyncEvent } from './format';
import { heldOf, readLine } from './held';
import type { Held } from './port';

export interface Sorted<T> {
  lines: T[];
  held: Held[];
}

/** A log segment of `dev`, written by Engram `by`. */
export function sortSegment(
  raws: unknown[],
  file: string,
  dev: string,
  by: string | undefined,
  reader: string | undefined,
): Sorted<SyncEvent> {
  const out: Sorted<SyncEvent> = { lines: [], held: [] };
  for (const [i, raw] of raws.entries()) {
    const r = readLine(SyncEvent, raw, by, reader);
    if ('line' in r) out.lines.push(r.line);
    else out.held.push(heldOf(`${file}#${i}`, dev, by ?? '', raw));
  }
  return out;
}

const isHeld = (raw: unknown) => typeof raw === 'object' && raw !== null && 't' in raw && raw.t === 'held';

/** A snapshot part written by `dev` with Engram `by`: its merged state, and the lines it passes on. */
export function sortPart(
  raws: unknown[],
  file: string,
  dev: string,
  by: string | undefined,
  reader: string | undefined,
): Sorted<RemoteLine> {
  const out: Sorted<RemoteLine> = { lines: [], held: [] };
  for (const [i, raw] of raws.entries()) {
    // A passed-on line (t: held) is judged by its first writer, and read when this reader knows it.
    const h = isHeld(raw) ? HeldLine.parse(raw) : null;
    const r = h ? readLine(KnownLine, h.line, h.by, reader) : readLine(SnapLine, raw, by, reader);
    if ('line' in r) out.lines.push(r.line);
    else out.held.push(heldOf(`${file}#${i}`, h?.dev ?? dev, h?.by ?? by ?? '', h?.line ?? raw));
  }
  return out;
}

export interface Offered {
  lines: RemoteLine[];
  /** Held lines read now, or found broken now that this reader is as new as their writer: both leave the store. */
  release: string[];
  broken: Held[];
}

/** Held lines offered again: the ones this reader now knows are applied; the rest wait. */
export function offerAgain(rows: Held[], reader: string | undefined): Offered {
  const out: Offered = { lines: [], release: [], broken: [] };
  for (const row of rows) {
    try {
      const r = readLine(KnownLine, JSON.parse(row.line) as unknown, row.by, reader);
      if ('hold' in r) continue;
      out.lines.push(r.line);
    } catch {
      out.broken.push(row);
    }
    out.release.push(row.key);
  }
  return out;
}
