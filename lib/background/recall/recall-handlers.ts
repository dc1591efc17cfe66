// Recall (#5): the preview's lines and block, the offer on a new chat, the warm-up a chat page asks for when it
// loads, and the state of the semantic tier and the past-chat index (#13) for Settings and Data.
import type { HandlersFor } from '../../messaging/background';
import type { RecallRequest } from '../../model/messages';
import { siteOn } from '../../model/settings';
import { readSettings } from '../../settings';
import { semanticStatus } from './embedder-choice';
import { mark } from './click-marks';
import { frames, fromPreviewPage } from '../preview/preview-frames';
import { siteOf } from '../shared/sender';
import { previewRecall } from './preview-recall';
import { pageRecall } from './page-recall';
import { recallArea } from './recall-area';
import { pullIfStale } from '../sync/pull-on-open';
import { warmSemantic } from './semantic-tier';

type RecallMessages =
  | 'getMemoryBlock'
  | 'recallPreview'
  | 'offerCount'
  | 'warmRecall'
  | 'getSemanticStatus'
  | 'getPastIndexStats';

/** The profile block: no draft and no turns to pick by. */
const profile = (site: RecallRequest['site'], scope: string | null): RecallRequest => ({
  site,
  scope,
  draft: '',
  recent: [],
  budgetTokens: null,
  exclude: [],
});

export const recallHandlers: HandlersFor<RecallMessages> = {
  // A block without a preview (no draft, no turns): the general profile block (#5).
  getMemoryBlock: async ({ site }) => {
    const reply = await previewRecall(recallArea(), profile(site, null), await readSettings());
    return { text: reply.text, count: reply.lines.length, tokens: reply.tokens };
  },
  // From a preview frame, only the one Engram registered in that tab (#11); the popup is another page.
  // A frame's first ask takes the recall its page's open began (./page-recall.ts); either way nothing is answered
  // unless the frame check passes, read beside the stored scope and the settings, not before them (#39).
  recallPreview: async (req, sender) => {
    mark('request');
    const area = recallArea();
    if (!fromPreviewPage(sender)) return pageRecall(area, req);
    const bound = frames.assertBound(sender);
    const begun = area.early.take(sender.tab?.id, req);
    if (!begun) return pageRecall(area, req, bound);
    mark('taken');
    await bound;
    return begun;
  },
  // Only on an empty new chat, only when the user turned the offer on, and never on a site switched off (#24:
  // a page that missed the switch, or names another site, still gets nothing); the count is of the profile block.
  offerCount: async ({ site, scope }, sender) => {
    const settings = await readSettings();
    const on = siteOn(settings, site) && siteOn(settings, siteOf(sender.url) ?? site);
    if (!settings.recall.offerOnNewChats || !on) return { count: null };
    return { count: (await previewRecall(recallArea(), profile(site, scope), settings)).lines.length };
  },
  // A chat page asks for this when it loads, so a worker that just started builds the index before the first
  // click (bench:recall: 10k memories, first click 1.3 s without it). The tiers warm side by side: the past
  // index's catch-up once held the semantic tier back past semantic.e2e's 120 s (#13).
  warmRecall: async () => {
    // A chat page opened: other devices' changes are pulled now when the last pull is stale (#28), unawaited.
    void pullIfStale().catch(() => undefined);
    const settings = await readSettings();
    const area = recallArea();
    const semantic = settings.recall.semantic ? warmSemantic(area.active) : undefined;
    const past = settings.recall.rawTurns ? area.pastIndex.ready() : undefined;
    await Promise.all([area.memories.warm(), semantic, past]);
    return { ok: true };
  },
  getSemanticStatus: () => semanticStatus(),
  // For bench:past and the options page: how big the past index is and whether it has caught up (#13).
  getPastIndexStats: () => recallArea().pastIndex.stats(),
};
