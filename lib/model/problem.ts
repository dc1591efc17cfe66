// What the background could not do, or why a job waits, as a code with its values, never as a sentence (#37): a
// page says it in the person's language (components/shared/problemWords.ts). It travels as a job's stored
// `lastError`, in Options → Sync's last error, and as the `problem` of an error a handler throws (ProblemError):
// the messenger copies an error's own fields to the page. Words from elsewhere (a server's, a model's) stay text,
// shown quoted.
import { z } from 'zod/mini';
import { Quoted } from './notice';
import { Site } from './site';

const count = z.number().check(z.int(), z.nonnegative());
const none = <C extends string>(code: C) => z.object({ code: z.literal(code) });

/** Why a job waits, or what it could not do (Activity, Options → Model). */
const JOB = [
  /** No model chosen: due jobs wait, nothing is lost. */
  none('no-model'),
  /** Settings → Limits' daily token cap (#11): jobs wait until 00:00 UTC. */
  z.object({ code: z.literal('token-cap'), tokens: count, cap: count }),
  /** Chrome's model does not read the chat's language (a BCP 47 tag), and no provider reads the others (#35). */
  z.object({ code: z.literal('language'), language: z.string().check(z.maxLength(35)) }),
  none('chrome-absent'),
  none('chrome-cannot-run'),
  none('chrome-not-downloaded'),
  /** A WebLLM model (its id, or the label an old line named) not downloaded yet. */
  z.object({ code: z.literal('model-not-downloaded'), model: z.string().check(z.maxLength(200)) }),
  /** A turn longer than one job reads (#12): `turn` counts from 1. */
  z.object({ code: z.literal('turn-cut'), turn: count, read: count, total: count }),
  /** The person's edits won over the job's (#12): changes not saved, and changes sent to Review. */
  z.object({ code: z.literal('kept-yours'), skipped: count, toReview: count }),
  /** What the job was reading was deleted while it ran. */
  none('cancelled'),
  /** The model's input window (tokens) cannot hold even the prompt. */
  z.object({ code: z.literal('window-small'), tokens: count }),
  /** The new turns, or one new fact, do not fit the model's window. */
  z.object({ code: z.literal('no-fit'), what: z.enum(['turns', 'fact']) }),
] as const;

/** What a page asked that the background refused: the thing is gone, changed, or must be done first. */
const ACTION = [
  none('memory-gone'),
  none('not-in-review'),
  /** A change waiting in Review whose memory is gone. */
  none('target-gone'),
  none('trash-first'),
  none('choose-scope'),
  none('conversation-gone'),
  none('job-gone'),
  z.object({ code: z.literal('retry-failed-only'), status: z.enum(['pending', 'running', 'done']) }),
  /** A sync conflict that changed (another device, or another look) since the page showed it. */
  none('conflict-stale'),
  none('conflict-empty'),
  none('conflict-choose'),
  none('conflict-resolved'),
  /** A site's saved memories could not be read: the reader's reason, quoted. */
  z.object({ code: z.literal('vendor-unreadable'), site: Site, reason: Quoted }),
  /** What the offscreen document hosts (lib/background/shared/offscreen-host.ts): absent here, or would not open. */
  z.object({ code: z.literal('no-offscreen'), host: z.enum(['model', 'past', 'agents']) }),
  z.object({
    code: z.literal('offscreen-failed'),
    host: z.enum(['model', 'past', 'agents']),
    detail: Quoted,
  }),
] as const;

/** Why a file could not be imported (lib/import/detect.ts): `sites`, the sites whose exports this build reads. */
const IMPORT = [
  z.object({ code: z.literal('import-not-json'), sites: z.array(z.string().check(z.maxLength(40))) }),
  z.object({ code: z.literal('import-not-export'), sites: z.array(z.string().check(z.maxLength(40))) }),
  /** An Engram export that fails its schema: which field, in the schema's words, quoted. */
  z.object({ code: z.literal('import-damaged'), detail: Quoted }),
  z.object({ code: z.literal('import-unreadable'), detail: Quoted }),
] as const;

/** Why sync cannot run or connect (lib/sync: NotConnected, WrongPassphrase, WeakPassphrase). */
const SYNC = [
  none('sync-not-set-up'),
  /** A key change asked of a device that stopped: it connects again first. */
  none('sync-connect-first'),
  /** Stopped here (lib/sync/port.ts EndedWhy): Options → Sync already says why in `syncStopped.*`. */
  z.object({
    code: z.literal('sync-stopped'),
    why: z.enum(['reset', 'rotated', 'key-changed', 'reset-here']),
  }),
  /** Ended on another device; this one waits for the passphrase set there. */
  none('sync-ended-elsewhere'),
  none('sync-no-key-file'),
  none('sync-key-lost'),
  none('wrong-passphrase'),
  /** A new key asked with the passphrase that opens the key now. */
  none('same-passphrase'),
  /** Below the floor (lib/sync/passphrase.ts); `length` in characters. */
  z.object({
    code: z.literal('weak-passphrase'),
    fault: z.enum(['short', 'repeats', 'same-word']),
    length: count,
  }),
] as const;

export const Problem = z.discriminatedUnion('code', [...JOB, ...ACTION, ...IMPORT, ...SYNC]);
export type Problem = z.infer<typeof Problem>;
export type ProblemCode = Problem['code'];

/** A problem, or text quoted as it came: a foreign error, or a line stored in English before codes. */
export const Said = z.union([Problem, Quoted]);
export type Said = z.infer<typeof Said>;

/** An error whose `problem` a page words; its message is the code, for logs. */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(problem: Problem, options?: ErrorOptions) {
    super(`Engram: ${problem.code}`, options);
    this.problem = problem;
  }
}

/** What to store or send about `e`: its problem, or its message cut to a quote's length (`clean`: redaction). */
export function saidOf(e: unknown, clean: (text: string) => string = (t) => t): Said {
  const problem = (e as { problem?: unknown } | null)?.problem;
  const parsed = Problem.safeParse(problem);
  if (parsed.success) return parsed.data;
  return clean(e instanceof Error ? e.message : String(e)).slice(0, 500);
}
