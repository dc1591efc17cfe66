// The semantic tier's state in one plain line for Settings (#5).
import type { SemanticStatus } from '../../lib/model/semantic';

const n = (x: number) => x.toLocaleString('en-US');

export function semanticText(s: SemanticStatus): string {
  if (!s.on) {
    // The toggle is on in the form but not saved yet: the background still has it off.
    if (s.reason === 'Semantic recall is off.') return 'Semantic recall: off · save settings to turn it on.';
    return `Semantic recall: off · ${s.reason ?? 'no embedder is available.'} Recall matches words only.`;
  }
  const memories = s.total === 1 ? 'memory' : 'memories';
  const line = `Semantic recall: on · ${n(s.embedded)} of ${n(s.total)} ${memories} embedded with ${s.model ?? '?'}`;
  return s.lastError ? `${line} · last problem: ${s.lastError} (recall used words only then)` : line;
}
