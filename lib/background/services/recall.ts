// Recall in the background (#5): each preview asks the memory index, the semantic tier and the past tier, the
// two tiers side by side, each within its own wait (./memory-index.ts, ./semantic.ts, ./past-tier.ts).
import type { RecallReply, RecallRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import { recall } from '../../recall/recall';
import { onStoreChange } from '../../store/changes';
import { mark } from '../marks';
import { memoryIndex } from './memory-index';
import { pastFor, resetPastTier } from './past-tier';
import { redactedLine } from './redacted-lines';
import { semanticIds } from './semantic';

/** Test seam, and Delete everything: the next query rebuilds the index once and waits for the past index. */
export function resetRecallIndex(): void {
  memoryIndex.reset();
  resetPastTier();
}

/** Every memory write, purge, import and Delete everything reaches the index (lib/store/changes.ts, #12). */
export function followMemories(): () => void {
  return onStoreChange((change) =>
    change.kind === 'cleared' ? resetRecallIndex() : memoryIndex.update(change),
  );
}

export function scopesFor(site: RecallRequest['site'], scope: string | null): Set<string> {
  const scopes = new Set(['global']);
  if (site) scopes.add(`site:${site}`);
  if (scope) scopes.add(scope);
  return scopes;
}

export async function previewRecall(
  req: RecallRequest,
  settings: Settings,
  now = Date.now(),
): Promise<RecallReply> {
  const idx = await memoryIndex.ready();
  mark('memories');
  // Both tiers wait on their own bounds, side by side, not one after the other.
  const [semantic, past] = await Promise.all([semanticIds(idx, req, settings), pastFor(req, settings)]);
  mark('past');
  const result = recall(idx, {
    draft: req.draft,
    recent: req.recent,
    scopes: scopesFor(req.site, req.scope),
    budgetTokens: req.budgetTokens ?? settings.recall.budgetTokens,
    exclude: req.exclude,
    now,
    semantic,
    clean: settings.privacy.redact ? redactedLine : undefined,
    past,
  });
  mark('packed');
  return {
    mode: result.mode,
    lines: result.lines.map((l) => ({
      id: l.id,
      text: l.text,
      section: l.section,
      tokens: l.tokenCount,
      day: l.date?.day ?? null,
      type: l.section === 'past' ? null : l.memory.type,
    })),
    text: result.text,
    tokens: result.tokens,
    budgetTokens: result.budgetTokens,
    leftOut: result.leftOut,
  };
}
