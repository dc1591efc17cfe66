// The semantic tier's state in one plain line for Settings (#5), in the page's language (#37); the
// background's own reason and the provider's error are quoted.
import type { TFunction } from 'i18next';
import type { SemanticStatus } from '../../lib/model/semantic';

/**
 * Shown only while "Match by meaning" is ticked, so it never says "off" beside a ticked box (#16: the box stayed
 * ticked while this line said "Semantic recall: off"): it says why matching by meaning cannot run and what to do.
 */
export function semanticText(t: TFunction, lng: string, s: SemanticStatus): string {
  if (!s.on) {
    // Ticked in the form but not saved yet: the background still has it off.
    if (s.reason === 'Semantic recall is off.') return t('semantic.startsOnSave');
    return s.reason ? t('semantic.cannotRun', { reason: s.reason }) : t('semantic.noModel');
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
