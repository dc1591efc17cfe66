// A chat page's preview recall (#5), and its early start (#39). Opening the preview sends the frame its order; the
// frame renders and only then asks for its recall: ~15 ms of a warm click, ~25 ms of one after a worker stop
// (bench:recall, the request mark). Begun when the page asks for the open, the recall runs during that trip. The
// frame's first ask is the page's context with the setting's budget and nothing removed: when it is exactly
// that, for that tab, it takes the early recall, unless something its answer depends on changed since (a store
// change, the settings, the language: each drops every early recall) or it is older than FRESH_MS.
import { languageItem } from '../../i18n/choice';
import { conversationKey } from '../../model/keys';
import type { PreviewOpen, RecallReply, RecallRequest } from '../../model/messages';
import { readSettings, settingsItem } from '../../settings';
import { onStoreChange } from '../../store/changes';
import { getConversation } from '../../store/conversations';
import { frames } from '../preview/preview-frames';
import { stopAll, type Stop } from '../shared/service';
import { mark } from './click-marks';
import { previewRecall, type RecallTiers } from './preview-recall';

/**
 * The scope a chat's page URL does not show but its capture stored: a Perplexity thread in a Space, a Le Chat chat
 * in a project, named only by the site's JSON (#24). The page sends the URL's scope; the background knows the rest.
 */
async function withStoredScope(req: RecallRequest): Promise<RecallRequest> {
  if (req.scope || !req.site || !req.conversationId) return req;
  const stored = await getConversation(conversationKey(req.site, req.conversationId));
  return stored?.scope ? { ...req, scope: stored.scope } : req;
}

/**
 * The preview's lines for a page's request, with the stored scope and the settings as they are now, read side by
 * side with `checked` (the frame's check); nothing is recalled unless it passes.
 */
export async function pageRecall(
  tiers: RecallTiers,
  req: RecallRequest,
  checked?: Promise<unknown>,
): Promise<RecallReply> {
  const [, scoped, settings] = await Promise.all([checked, withStoredScope(req), readSettings()]);
  return previewRecall(tiers, scoped, settings);
}

/** A frame that asks later than this is a preview opened again, not this open's first ask. */
const FRESH_MS = 5_000;

const firstAsk = (context: PreviewOpen['context']): RecallRequest => ({
  ...context,
  budgetTokens: null,
  exclude: [],
});
const keyOf = (r: RecallRequest) =>
  JSON.stringify([r.site, r.conversationId ?? null, r.scope, r.draft, r.recent, r.budgetTokens, r.exclude]);

/** Early recalls by tab, each taken at most once; `recall` answers a request. */
export function earlyRecalls(recall: (req: RecallRequest) => Promise<RecallReply>, now = Date.now) {
  const byTab = new Map<number, { key: string; at: number; reply: Promise<RecallReply> }>();
  return {
    begin(tabId: number, context: PreviewOpen['context']): void {
      mark('open');
      const req = firstAsk(context);
      const reply = recall(req);
      // A failure is the frame's to hear, when it asks; nothing else waits for this one.
      reply.catch(() => undefined);
      byTab.set(tabId, { key: keyOf(req), at: now(), reply });
    },
    take(tabId: number | undefined, req: RecallRequest): Promise<RecallReply> | undefined {
      const early = tabId === undefined ? undefined : byTab.get(tabId);
      if (tabId !== undefined) byTab.delete(tabId);
      return early && early.key === keyOf(req) && now() - early.at < FRESH_MS ? early.reply : undefined;
    },
    drop(): void {
      byTab.clear();
    },
  };
}

export type EarlyRecalls = ReturnType<typeof earlyRecalls>;

/**
 * Begins a recall at each open a chat page asks for, and drops them all at any change they depend on; `early` is
 * the worker's (its recall area's), asked for at each event.
 */
export function followEarlyRecalls(early: () => EarlyRecalls): Stop {
  const drop = () => early().drop();
  return stopAll(
    frames.onShow((tabId, context) => early().begin(tabId, context)),
    onStoreChange(drop),
    settingsItem.watch(drop),
    languageItem.watch(drop),
    drop,
  );
}
