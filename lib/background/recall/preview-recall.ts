// Recall in the background (#5): each preview asks the memory index, the semantic tier and the past tier side by
// side, the tiers each within its own wait (./memory-index.ts, ./semantic-tier.ts, ./past-tier.ts).
import type { RecallReply, RecallRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import { AnswerView, memoryQueryOf } from '../../recall/answer-view';
import { recall, type RecallResult } from '../../recall/recall';
import { onStoreChange } from '../../store/changes';
import { mark, type RecallMark } from './click-marks';
import { activeMemories } from './active-memories';
import { memoryIndex } from './memory-index';
import { pastFor, resetPastTier } from './past-tier';
import { redactedLine } from './redacted-lines';
import { blockWordsNow } from '../../i18n/block-words';
import { semanticIds } from './semantic-tier';

/** Test seam: the next query opens the memory table again and waits for the past index. */
export function resetRecallIndex(): void {
  memoryIndex.reset();
  activeMemories.reset();
  resetPastTier();
}

/** Every memory write, purge, import and Delete everything reaches the index (lib/store/changes.ts, #12). */
export function followMemories(): () => void {
  return onStoreChange((change) => {
    memoryIndex.update(change);
    activeMemories.update(change);
    if (change.kind === 'cleared') resetPastTier();
  });
}

const marked = <T>(name: RecallMark, work: Promise<T>) => work.finally(() => mark(name));

export function scopesFor(site: RecallRequest['site'], scope: string | null): Set<string> {
  const scopes = new Set(['global']);
  if (site) scopes.add(`site:${site}`);
  if (scope) scopes.add(scope);
  return scopes;
}

/** `allScopes`: memories of every site and project, for a desktop agent the person allowed them to (#27). */
export async function previewRecall(
  req: RecallRequest,
  settings: Settings,
  now = Date.now(),
  { allScopes = false } = {},
): Promise<RecallReply> {
  const input = {
    draft: req.draft,
    recent: req.recent,
    scopes: allScopes ? null : scopesFor(req.site, req.scope),
    exclude: req.exclude,
  };
  const query = memoryQueryOf({ ...input, now });
  // The memory table, the semantic tier and the past tier side by side; each tier waits on its own bound. Both
  // indexes answer from one worker, one query after the other. The past query goes first and the memory query
  // is sent right behind it, so the past hits' own work after the worker (token counts in the offscreen
  // document, live turns here) runs while the worker answers the memory query. Sent a task later instead, the
  // memory query overtook the past one, which waited on a storage read, and the two ran end to end (#39).
  // The block's words in the person's language (#37) label the past lines.
  const words = blockWordsNow();
  let pastAsked!: () => void;
  const asked = new Promise<void>((resolve) => (pastAsked = resolve));
  const pastLines = marked(
    'past',
    words.then((w) => pastFor(req, settings, input.scopes, w, pastAsked)).finally(pastAsked),
  );
  const [answer, semantic, past] = await Promise.all([
    marked(
      'memories',
      asked.then(() => memoryIndex.answer(query)),
    ),
    semanticIds(req, settings),
    pastLines,
  ]);
  const result = recall(new AnswerView(answer, query.query, semantic?.memories, now), {
    ...input,
    budgetTokens: req.budgetTokens ?? settings.recall.budgetTokens,
    now,
    semantic: semantic?.ids ?? null,
    clean: settings.privacy.redact ? redactedLine : undefined,
    past,
    words: await words,
  });
  mark('packed');
  return replyOf(result);
}

function replyOf(result: RecallResult): RecallReply {
  return {
    mode: result.mode,
    lines: result.lines.map((l) => ({
      id: l.id,
      text: l.text,
      section: l.section,
      tokens: l.tokenCount,
      day: l.date?.day ?? null,
      at: l.date?.at ?? null,
      type: l.section === 'past' ? null : l.memory.type,
      ...(l.memory.answer ? { answer: true } : {}),
    })),
    text: result.text,
    tokens: result.tokens,
    budgetTokens: result.budgetTokens,
    leftOut: result.leftOut,
  };
}
