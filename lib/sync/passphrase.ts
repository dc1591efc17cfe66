// The floor for a sync passphrase (#25, item 7). The passphrase only wraps the sync key (scrypt 2^16, about a second
// a try on a laptop core), and anyone who copies the sync folder can try passphrases offline, on as many computers as
// they have: one character, or a word, is found at once. The floor is explained in the words the person reads.
import { ProblemError, type Problem } from '../model/problem';

export const MIN_LENGTH = 16;
const MIN_DISTINCT = 8;

export type WeakProblem = Extract<Problem, { code: 'weak-passphrase' }>;

/** What is wrong with a new passphrase, as a code the page words with the floor's reason (#37); null when it clears the floor. */
export function passphraseProblem(passphrase: string): WeakProblem | null {
  const p = passphrase.trim();
  const weak = (fault: WeakProblem['fault']): WeakProblem => ({
    code: 'weak-passphrase',
    fault,
    length: p.length,
  });
  if (p.length < MIN_LENGTH) return weak('short');
  if (new Set(p.toLowerCase()).size < MIN_DISTINCT) return weak('repeats');
  const words = p
    .toLowerCase()
    .split(/[\s\-_.,]+/)
    .filter(Boolean);
  if (words.length > 1 && new Set(words).size === 1) return weak('same-word');
  return null;
}

/** A new passphrase below the floor: nothing was written. */
export class WeakPassphrase extends ProblemError {}

export function assertStrong(passphrase: string): void {
  const problem = passphraseProblem(passphrase);
  if (problem) throw new WeakPassphrase(problem);
}
