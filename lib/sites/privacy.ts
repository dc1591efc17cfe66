// The one rule for what Engram may keep of a chat (#34), used by the capture controller before anything leaves the
// page and by the background before anything is stored. Private wins over everything and for good: once any
// signal says the site promised not to remember a chat (its URL, its page, the request that asked, its JSON, or an
// earlier verdict kept in the background), nothing of it is read, and what was kept goes. Where only the site's
// JSON can say a chat is not private or is the person's own (`pageNeedsJson`), the page alone is never enough:
// it is read only for a chat that JSON has confirmed, here or at an earlier read (fail closed).
// Kept free of zod and of the registry: every content script bundles it.

/**
 * What the background keeps per conversation (lib/store/privacy.ts): the verdicts that outlive a tab, a reload and
 * the worker.
 */
export const PRIVACY_MARKS = ['private', 'confirmed'] as const;
export type PrivacyMark = (typeof PRIVACY_MARKS)[number];

/** What a read of the chat may do: store it, store only the person's own turns, or nothing and why. */
export type Verdict = 'private' | 'others' | 'unconfirmed' | 'ok';

/** What the site's JSON said of one chat (ApiConversation's fields, lib/sites/api-types.ts). */
export interface JsonWord {
  private: boolean;
  /** False when the site tells authors apart only in its JSON and this JSON did not say who wrote the chat. */
  authorsKnown?: boolean;
  /** Turns the JSON names as another account's, left out; the page shows them all the same. */
  othersLeftOut?: number;
  /** The person's own turns, after those were left out. */
  turns: readonly unknown[];
}

/** A read of the site's JSON: private, another's thread, unknown authors, or the person's own. */
export function jsonVerdict(word: JsonWord): Verdict {
  if (word.private) return 'private';
  if (word.authorsKnown === false) return 'unconfirmed';
  return word.othersLeftOut && word.turns.length === 0 ? 'others' : 'ok';
}

/**
 * True when this read confirms the chat for later page reads: not private and nobody else's turn in it, so the
 * page, which shows every turn, holds only the person's own.
 */
export const confirms = (word: JsonWord): boolean => jsonVerdict(word) === 'ok' && !word.othersLeftOut;

/** A read of the page: private by a signal or a kept mark, unconfirmed where only the JSON could say, or ok. */
export function pageVerdict(pageNeedsJson: boolean, seenPrivate: boolean, mark: PrivacyMark | null): Verdict {
  if (seenPrivate || mark === 'private') return 'private';
  return pageNeedsJson && mark !== 'confirmed' ? 'unconfirmed' : 'ok';
}

/** The background's side of the same rule, for a capture as it arrives, against the mark it keeps. */
export function storeVerdict(
  strategy: 'api' | 'page' | 'none' | 'import',
  pageNeedsJson: boolean,
  mark: PrivacyMark | null,
): Verdict {
  if (mark === 'private') return 'private';
  return strategy === 'api' ? 'ok' : pageVerdict(pageNeedsJson, false, mark);
}

/**
 * What a refused capture's tab status says of a verdict (#37: a code the UI words), or null when it allows the
 * capture. Beside the rule, so the background asks the rule once and goes on (#38: the capture's walk returned to
 * its own module for this).
 */
export function refusalOf<S extends string>(
  site: S,
  verdict: Verdict,
): { code: 'private-chat' } | { code: 'unconfirmed'; site: S } | null {
  if (verdict === 'private') return { code: 'private-chat' };
  if (verdict === 'ok') return null;
  return { code: 'unconfirmed', site };
}
