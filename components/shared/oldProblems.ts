// Lines the background stored in English before it stored codes (#37): a job's last error in IndexedDB and the
// last sync run's error may still hold one after an upgrade. The ones Engram wrote are recognised here and said in
// the person's language; anything else (a provider's or a storage's words) is shown as it is, quoted.
import type { Problem } from '../../lib/model/problem';

const FIXED: Record<string, Problem> = {
  'Choose a model to extract memories': { code: 'no-model' },
  'This browser has no built-in model (Google Chrome 138 or later has one on supported computers). Choose another provider in Options → Model.':
    { code: 'chrome-absent' },
  "Chrome's built-in model cannot run on this computer. Choose another provider in Options → Model.": {
    code: 'chrome-cannot-run',
  },
  "Chrome's built-in model is not downloaded yet: Options → Model → Download. Waiting until it is.": {
    code: 'chrome-not-downloaded',
  },
  'Cancelled: what this job was reading was deleted': { code: 'cancelled' },
  'Could not fit the new turns into the model’s window.': { code: 'no-fit', what: 'turns' },
  'A new fact does not fit the model’s window, even without stored memories.': {
    code: 'no-fit',
    what: 'fact',
  },
  'Sync is not set up on this device': { code: 'sync-not-set-up' },
  'Sync stopped on this device: connect again first': { code: 'sync-connect-first' },
  'This sync storage was ended on another device ("Delete everything" or a new key) and waits for the new passphrase set there. Enter that one.':
    { code: 'sync-ended-elsewhere' },
  'The sync folder has no key file: it was emptied or moved': { code: 'sync-no-key-file' },
  'Sync: this device lost its key; connect again with the passphrase': { code: 'sync-key-lost' },
  'Wrong passphrase, or not an Engram sync key': { code: 'wrong-passphrase' },
  // Why sync stopped, as lib/sync/problems.ts said it before the page worded `stopped` itself.
  '"Delete everything" ran on another device, so this one was emptied. Enter the new passphrase set there to sync again.':
    { code: 'sync-stopped', why: 'reset' },
  'The sync key was changed on another device (a device was removed, or a new passphrase set). Enter the new passphrase to sync again; what this device holds is kept.':
    { code: 'sync-stopped', why: 'rotated' },
  'The key on your sync storage changed, and no notice from your devices says why. This device stopped and sent nothing more. If you set a new passphrase on another device, enter it here; if not, someone with access to your storage replaced the key.':
    { code: 'sync-stopped', why: 'key-changed' },
  '"Delete everything" ran on this device: your other devices empty themselves at their next sync. Set a new passphrase to sync again; a device that only knows the old one can read nothing written after.':
    { code: 'sync-stopped', why: 'reset-here' },
};

const int = (digits: string | undefined) => Number((digits ?? '').replaceAll(',', ''));

/** Each old line with values: the pattern it was written in, and the problem it said. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => Problem][] = [
  [
    /^Daily token cap reached \(([\d,]+) of ([\d,]+)\): waiting until 00:00 UTC$/,
    (m) => ({ code: 'token-cap', tokens: int(m[1]), cap: int(m[2]) }),
  ],
  [
    /^Chrome's built-in model does not read .+ \(([\w-]+)\): this conversation waits, sent nowhere, until you choose a provider for other languages in Options → Model\.$/,
    (m) => ({ code: 'language', language: m[1] ?? '' }),
  ],
  [
    /^(.+) is not downloaded yet: Options → Model → Download\.$/,
    (m) => ({ code: 'model-not-downloaded', model: m[1] ?? '' }),
  ],
  [
    /^Turn (\d+) is longer than one extraction job reads: only its first (\d+) of (\d+) tokens were read\.$/,
    (m) => ({ code: 'turn-cut', turn: int(m[1]), read: int(m[2]), total: int(m[3]) }),
  ],
  [
    /^(?:(\d+) changes? not saved)?(?:, )?(?:(\d+) sent to Review)?: you edited or deleted the memory while this job ran, and your version was kept\.$/,
    (m) => ({ code: 'kept-yours', skipped: int(m[1] ?? '0'), toReview: int(m[2] ?? '0') }),
  ],
  [
    /^The model's window \((\d+) tokens for input\) is too small for the prompt\.$/,
    (m) => ({ code: 'window-small', tokens: int(m[1]) }),
  ],
];

/** The problem an old English line said, or null when Engram did not write it (shown quoted). */
export function oldProblem(line: string): Problem | null {
  const fixed = FIXED[line];
  if (fixed) return fixed;
  for (const [pattern, problem] of PATTERNS) {
    const m = pattern.exec(line);
    if (m) return problem(m);
  }
  return null;
}
