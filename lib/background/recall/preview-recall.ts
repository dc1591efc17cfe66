// Recall in the background (#5): each preview asks the memory index, the semantic tier and the past tier side by
// side, the tiers each within its own wait (./memory-index.ts, ./semantic-tier.ts, ./past-tier.ts).
import type { RecallReply, RecallRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import { AnswerView, memoryQueryOf } from '../../recall/answer-view';
import { recall, type RecallResult } from '../../recall/recall';
import { mark, type RecallMark } from './click-marks';
import type { ActiveMemories } from './active-memories';
import type { MemoryIndex } from './memory-index';
import type { PastTier } from './past-tier';
import { redactedLine } from './redacted-lines';
import { blockWordsNow } from '../../i18n/block-words';
import { semanticIds } from './semantic-tier';

/** The tiers a preview asks: the worker's own (./recall-area.ts). */
export interface RecallTiers {
  readonly memories: MemoryIndex;
  readonly active: ActiveMemories;
  readonly past: PastTier;
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
  tiers: RecallTiers,
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
    words.then((w) => tiers.past.lines(req, settings, input.scopes, w, pastAsked)).finally(pastAsked),
  );
  const answered = asked.then(() => tiers.memories.answer(query));
  const semantic = semanticIds(tiers.active, req, settings);
  const [answer, ranked, past] = await Promise.all([marked('memories', answered), semantic, pastLines]);
  const result = recall(new AnswerView(answer, query.query, ranked?.memories, now), {
    ...input,
    budgetTokens: req.budgetTokens ?? settings.recall.budgetTokens,
    now,
    semantic: ranked?.ids ?? null,
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
