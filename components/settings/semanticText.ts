// The semantic tier's state in one plain line for Settings (#5).
import type { SemanticStatus } from '../../lib/model/semantic';

const n = (x: number) => x.toLocaleString('en-US');

/**
 * Shown only while "Match by meaning" is ticked, so it never says "off" beside a ticked box (#16: the box stayed
 * ticked while this line said "Semantic recall: off"): it says why matching by meaning cannot run and what to do.
 */
export function semanticText(s: SemanticStatus): string {
  if (!s.on) {
    // Ticked in the form but not saved yet: the background still has it off.
    if (s.reason === 'Semantic recall is off.') return 'Match by meaning starts when you save settings.';
    const why = s.reason ?? 'No embedding model is available.';
    return `Match by meaning is ticked but cannot run yet. ${why} Until then, recall matches words only.`;
  }
  const memories = s.total === 1 ? 'memory' : 'memories';
  const line = `Match by meaning: on · ${n(s.embedded)} of ${n(s.total)} ${memories} embedded with ${s.model ?? '?'}`;
  return s.lastError ? `${line} · last problem: ${s.lastError} (recall used words only then)` : line;
}
