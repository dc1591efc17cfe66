// The background's problems (lib/model/problem.ts) in the person's language (#37): why a job waits or failed, why
// a page's request was refused, why sync cannot run. Words from elsewhere (a provider's, a storage's error) are
// quoted; a line stored in English before codes is recognised when Engram wrote it (oldProblems.ts).
import type { TFunction } from 'i18next';
import type { Problem, ProblemCode, Said } from '../../lib/model/problem';
import { languageName } from '../../lib/providers/chrome-api';
import { modelInfo } from '../../lib/providers/webllm-models';
import { MIN_LENGTH } from '../../lib/sync/passphrase';
import { SITE_LABELS } from '../../lib/sites/registry';
import { andList, orList } from './labels';
import { oldProblem } from './oldProblems';

type Of<C extends ProblemCode> = Extract<Problem, { code: C }>;
type Words = { [C in ProblemCode]: (t: TFunction, lng: string, p: Of<C>) => string };

const keptYours = (t: TFunction, lng: string, p: Of<'kept-yours'>) => {
  const parts = [
    p.skipped ? t('problem.keptSkipped', { count: p.skipped }) : '',
    p.toReview ? t('problem.keptToReview', { count: p.toReview }) : '',
  ].filter(Boolean);
  return t('problem.keptYours', { what: andList(parts, lng) });
};

const WEAK = {
  short: 'problem.weakShort',
  repeats: 'problem.weakRepeats',
  'same-word': 'problem.weakSameWord',
} as const;

const NO_OFFSCREEN = {
  model: 'problem.noOffscreenModel',
  past: 'problem.noOffscreenPast',
  agents: 'problem.noOffscreenAgents',
} as const;
const OFFSCREEN_FAILED = {
  model: 'problem.offscreenFailedModel',
  past: 'problem.offscreenFailedPast',
  agents: 'problem.offscreenFailedAgents',
} as const;

const WORDS: Words = {
  'no-model': (t) => t('problem.noModel'),
  'token-cap': (t, _, p) => t('problem.tokenCap', { tokens: p.tokens, cap: p.cap }),
  language: (t, lng, p) =>
    t('problem.language', { language: languageName(p.language, lng), tag: p.language }),
  'chrome-absent': (t) => t('problem.chromeAbsent'),
  'chrome-cannot-run': (t) => t('problem.chromeCannotRun'),
  'chrome-not-downloaded': (t) => t('problem.chromeNotDownloaded'),
  'model-not-downloaded': (t, _, p) =>
    t('problem.modelNotDownloaded', { model: modelInfo(p.model)?.label ?? p.model }),
  'turn-cut': (t, _, p) => t('problem.turnCut', { turn: p.turn, read: p.read, count: p.total }),
  'kept-yours': keptYours,
  cancelled: (t) => t('problem.cancelled'),
  'window-small': (t, _, p) => t('problem.windowSmall', { count: p.tokens }),
  'no-fit': (t, _, p) => (p.what === 'fact' ? t('problem.noFitFact') : t('problem.noFitTurns')),
  'memory-gone': (t) => t('problem.memoryGone'),
  'not-in-review': (t) => t('problem.notInReview'),
  'target-gone': (t) => t('problem.targetGone'),
  'trash-first': (t) => t('problem.trashFirst'),
  'choose-scope': (t) => t('problem.chooseScope'),
  'conversation-gone': (t) => t('problem.conversationGone'),
  'job-gone': (t) => t('problem.jobGone'),
  'retry-failed-only': (t, _, p) => t('problem.retryFailedOnly', { status: t(`jobs.status.${p.status}`) }),
  'conflict-stale': (t) => t('problem.conflictStale'),
  'conflict-empty': (t) => t('problem.conflictEmpty'),
  'conflict-choose': (t) => t('problem.conflictChoose'),
  'conflict-resolved': (t) => t('problem.conflictResolved'),
  'vendor-unreadable': (t, _, p) =>
    t('problem.vendorUnreadable', { site: SITE_LABELS[p.site], reason: p.reason }),
  'import-not-json': (t, lng, p) =>
    t('problem.importNotJson', { known: orList(['Engram', ...p.sites], lng) }),
  'import-not-export': (t, lng, p) =>
    t('problem.importNotExport', { known: orList(['Engram', ...p.sites], lng) }),
  'import-damaged': (t, _, p) => t('problem.importDamaged', { detail: p.detail }),
  'import-unreadable': (t, _, p) => t('problem.importUnreadable', { detail: p.detail }),
  'no-offscreen': (t, _, p) => t(NO_OFFSCREEN[p.host]),
  'offscreen-failed': (t, _, p) => t(OFFSCREEN_FAILED[p.host], { detail: p.detail }),
  'sync-not-set-up': (t) => t('problem.syncNotSetUp'),
  'sync-connect-first': (t) => t('problem.syncConnectFirst'),
  'sync-stopped': (t, _, p) => t(`syncStopped.${p.why}`),
  'sync-ended-elsewhere': (t) => t('problem.syncEndedElsewhere'),
  'sync-no-key-file': (t) => t('problem.syncNoKeyFile'),
  'sync-key-lost': (t) => t('problem.syncKeyLost'),
  'wrong-passphrase': (t) => t('problem.wrongPassphrase'),
  'same-passphrase': (t) => t('problem.samePassphrase'),
  // The floor's reason follows what is wrong, as the person types (#25).
  'weak-passphrase': (t, _, p) =>
    t('problem.weakWhy', {
      fault: t(WEAK[p.fault], { length: p.length, min: MIN_LENGTH }),
      floor: t('sync.floor'),
    }),
};

export function problemText(t: TFunction, lng: string, p: Problem): string {
  return (WORDS[p.code] as (t: TFunction, lng: string, p: Problem) => string)(t, lng, p);
}

/** A problem, or an old line Engram wrote itself; null for words from elsewhere. */
export const asProblem = (said: Said): Problem | null => (typeof said === 'string' ? oldProblem(said) : said);

/** A problem in words, an old English line of Engram's in words, or anything else as a quote. */
export function saidWords(t: TFunction, lng: string, said: Said): string {
  if (typeof said !== 'string') return problemText(t, lng, said);
  const old = oldProblem(said);
  return old ? problemText(t, lng, old) : t('activity.quoted', { text: said });
}
