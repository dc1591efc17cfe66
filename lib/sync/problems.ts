// What went wrong with a remote file, noted in the sync report and said in plain words in Options → Sync (#25).
// Every problem leaves the reader's cursor where it was: the file is looked for again at the next sync.
import { Misnamed } from './bind';
import type { Ctx, Problem, ProblemKind } from './context';
import { TooNew } from './files';
import type { SyncProblem } from '../model/sync';

/** A device's file that the listing says should be there and is not. */
export class Missing extends Error {}

function kindOf(e: unknown): ProblemKind {
  if (e instanceof Misnamed) return 'misnamed';
  if (e instanceof Missing) return 'missing';
  if (e instanceof TooNew) return 'too-new';
  return 'unreadable';
}

export function noteProblem(ctx: Ctx, file: string, e: unknown, kind = kindOf(e)): void {
  ctx.report.problems.push({ file, kind, error: e instanceof Error ? e.message : String(e) });
}

/**
 * One per kind, with the devices that wrote its files (no name says anything else): codes Options → Sync words
 * in the person's language (#37).
 */
export function sayProblems(problems: Problem[]): SyncProblem[] {
  const kinds = [...new Set(problems.map((p) => p.kind))];
  return kinds.map((kind) => {
    const devices = [...new Set(problems.filter((p) => p.kind === kind).map((p) => deviceOfFile(p.file)))];
    return { code: 'sync-file', kind, devices: devices.filter((d) => d !== null).map((d) => d.slice(0, 8)) };
  });
}

const DEVICE = /(?:log|snap-[a-z0-9]{9})-([a-f0-9]{16})/;

function deviceOfFile(file: string): string | null {
  return DEVICE.exec(file)?.[1] ?? null;
}
