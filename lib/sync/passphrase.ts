// The floor for a sync passphrase (#25, item 7). The passphrase only wraps the sync key (scrypt 2^16, about a second
// a try on a laptop core), and anyone who copies the sync folder can try passphrases offline, on as many computers as
// they have: one character, or a word, is found at once. The floor is explained in the words the person reads.

export const MIN_LENGTH = 16;
const MIN_DISTINCT = 8;

export const PASSPHRASE_FLOOR =
  'Use at least 16 characters that no one could guess, such as four or more random words ("Suggest one" makes five). ' +
  'Anyone who copies your sync folder can try passphrases on their own computers, as fast as they go.';

/** What is wrong with a new passphrase, in plain words; null when it clears the floor. */
export function passphraseProblem(passphrase: string): string | null {
  const p = passphrase.trim();
  if (p.length < MIN_LENGTH)
    return `Too short: ${p.length} of at least ${MIN_LENGTH} characters. ${PASSPHRASE_FLOOR}`;
  if (new Set(p.toLowerCase()).size < MIN_DISTINCT)
    return `Too few different characters: it repeats itself. ${PASSPHRASE_FLOOR}`;
  const words = p
    .toLowerCase()
    .split(/[\s\-_.,]+/)
    .filter(Boolean);
  if (words.length > 1 && new Set(words).size === 1)
    return `The same word again and again. ${PASSPHRASE_FLOOR}`;
  return null;
}

/** A new passphrase below the floor: nothing was written. */
export class WeakPassphrase extends Error {}

export function assertStrong(passphrase: string): void {
  const problem = passphraseProblem(passphrase);
  if (problem) throw new WeakPassphrase(problem);
}
