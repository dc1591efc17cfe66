// The semantic tier's state in one plain line for Settings (#5), in the page's language (#37); the
// background's reason is worded here from its code, and the provider's error is quoted.
import type { TFunction } from 'i18next';
import type { SemanticReason, SemanticStatus } from '../../lib/model/semantic';

/** Why it cannot run, worded in the page's language; a base URL or a host is quoted inside the sentence. */
function why(t: TFunction, reason: Exclude<SemanticReason, { code: 'off' }>): string {
  switch (reason.code) {
    case 'anthropic':
      return t('semantic.why.anthropic');
    case 'model-no-embeddings':
      return t('semantic.why.modelNoEmbeddings');
    case 'no-provider':
      return t('semantic.why.noProvider');
    case 'no-base-url':
      return t('semantic.why.noBaseUrl');
    case 'bad-base-url':
      return t('semantic.why.badBaseUrl', { url: reason.url });
    case 'no-access':
      return t('semantic.why.noAccess', { pattern: reason.pattern });
  }
}

/**
 * Shown only while "Match by meaning" is ticked, so it never says "off" beside a ticked box (#16: the box stayed
 * ticked while this line said "Semantic recall: off"): it says why matching by meaning cannot run and what to do.
 */
export function semanticText(t: TFunction, lng: string, s: SemanticStatus): string {
  if (!s.on) {
    // Ticked in the form but not saved yet: the background still has it off.
    if (s.reason?.code === 'off') return t('semantic.startsOnSave');
    return s.reason ? t('semantic.cannotRun', { reason: why(t, s.reason) }) : t('semantic.noModel');
  }
  const n = (x: number) => x.toLocaleString(lng);
  const line = t('semantic.on', {
    embedded: n(s.embedded),
    total: n(s.total),
    count: s.total,
    model: s.model ?? '?',
  });
  return s.lastError ? t('semantic.lastProblem', { line, reason: s.lastError }) : line;
}
