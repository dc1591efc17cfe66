// What went wrong with a remote file, noted in the sync report and said in plain words in Options → Sync (#25).
// Every problem leaves the reader's cursor where it was: the file is looked for again at the next sync.
import { Misnamed } from './bind';
import type { Ctx, Problem, ProblemKind } from './context';
import { TooNew } from './files';
import type { EndedWhy } from './port';

/** Why this device stopped syncing, in the words Options → Sync shows (#25). */
export const STOPPED: Record<EndedWhy, string> = {
  reset:
    '"Delete everything" ran on another device, so this one was emptied. Enter the new passphrase set there to sync again.',
  rotated:
    'The sync key was changed on another device (a device was removed, or a new passphrase set). Enter the new passphrase to sync again; what this device holds is kept.',
  'key-changed':
    'The key on your sync storage changed, and no notice from your devices says why. This device stopped and sent nothing more. If you set a new passphrase on another device, enter it here; if not, someone with access to your storage replaced the key.',
  'reset-here':
    '"Delete everything" ran on this device: your other devices empty themselves at their next sync. Set a new passphrase to sync again; a device that only knows the old one can read nothing written after.',
};

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

const SAID: Record<ProblemKind, string> = {
  misnamed:
    'The sync storage gave a file under the wrong name; nothing was applied. Engram asks for the right file again at the next sync.',
  missing:
    'A file is missing from the sync storage; nothing after it from that device was applied. Engram looks for it again at the next sync.',
  unreadable:
    'A file on the sync storage could not be read (cut short or damaged); nothing of it was applied. Engram tries again at the next sync.',
  'too-new': 'A device writes with a newer Engram: update Engram on this device to read its changes.',
  'forged-end':
    'The sync storage holds a notice to delete everything that none of your devices wrote; it was ignored.',
};

/** One line per kind, with the files it concerns by the device that wrote them (no name says anything else). */
export function sayProblems(problems: Problem[]): string[] {
  const kinds = [...new Set(problems.map((p) => p.kind))];
  return kinds.map((k) => {
    const devices = [...new Set(problems.filter((p) => p.kind === k).map((p) => deviceOfFile(p.file)))];
    const from = devices.filter((d) => d !== null).map((d) => d.slice(0, 8));
    return from.length > 0 ? `${SAID[k]} (From device ${from.join(', ')}.)` : SAID[k];
  });
}

const DEVICE = /(?:log|snap-[a-z0-9]{9})-([a-f0-9]{16})/;

function deviceOfFile(file: string): string | null {
  return DEVICE.exec(file)?.[1] ?? null;
}
