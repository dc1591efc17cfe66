// Recall (#5): the preview's lines and block, the offer on a new chat, the warm-up a chat page asks for when it
// loads, and the state of the semantic tier and the past-chat index (#13) for Settings and Data.
import type { HandlersFor } from '../../messaging/background';
import { conversationKey } from '../../model/keys';
import type { RecallRequest } from '../../model/messages';
import { siteOn } from '../../model/settings';
import { getConversation } from '../../store/conversations';
import { readSettings } from '../../settings';
import { semanticStatus } from './embedder-choice';
import { pastReady, pastStats } from './past-index';
import { mark } from './click-marks';
import { frames, fromPreviewPage } from '../preview/preview-frames';
import { siteOf } from '../shared/sender';
import { memoryIndex } from './memory-index';
import { previewRecall } from './preview-recall';
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

/**
 * The scope a chat's page URL does not show but its capture stored: a Perplexity thread in a Space, a Le Chat chat
 * in a project, named only by the site's JSON (#24). The page sends the URL's scope; the background knows the rest.
 */
async function withStoredScope(req: RecallRequest): Promise<RecallRequest> {
  if (req.scope || !req.site || !req.conversationId) return req;
  const stored = await getConversation(conversationKey(req.site, req.conversationId));
  return stored?.scope ? { ...req, scope: stored.scope } : req;
}

export const recallHandlers: HandlersFor<RecallMessages> = {
  // A block without a preview (no draft, no turns): the general profile block (#5).
  getMemoryBlock: async ({ site }) => {
    const reply = await previewRecall(profile(site, null), await readSettings());
    return { text: reply.text, count: reply.lines.length, tokens: reply.tokens };
  },
  // From a preview frame, only the one Engram registered in that tab (#11); the popup is another page.
  // The frame check, the stored scope and the settings are three reads: side by side, not one after another (#39).
  recallPreview: async (req, sender) => {
    mark('request');
    const bound = fromPreviewPage(sender) ? frames.assertBound(sender) : undefined;
    const [, scoped, settings] = await Promise.all([bound, withStoredScope(req), readSettings()]);
    return previewRecall(scoped, settings);
  },
  // Only on an empty new chat, only when the user turned the offer on, and never on a site switched off (#24:
  // a page that missed the switch, or names another site, still gets nothing); the count is of the profile block.
  offerCount: async ({ site, scope }, sender) => {
    const settings = await readSettings();
    const on = siteOn(settings, site) && siteOn(settings, siteOf(sender.url) ?? site);
    if (!settings.recall.offerOnNewChats || !on) return { count: null };
    return { count: (await previewRecall(profile(site, scope), settings)).lines.length };
  },
  // A chat page asks for this when it loads, so a worker that just started builds the index before the first
  // click (bench:recall: 10k memories, first click 1.3 s without it). The tiers warm side by side: the past
  // index's catch-up once held the semantic tier back past semantic.e2e's 120 s (#13).
  warmRecall: async () => {
    // A chat page opened: other devices' changes are pulled now when the last pull is stale (#28), unawaited.
    void pullIfStale().catch(() => undefined);
    const settings = await readSettings();
    const semantic = settings.recall.semantic ? warmSemantic() : undefined;
    const past = settings.recall.rawTurns ? pastReady() : undefined;
    await Promise.all([memoryIndex.warm(), semantic, past]);
    return { ok: true };
  },
  getSemanticStatus: () => semanticStatus(),
  // For bench:past and the options page: how big the past index is and whether it has caught up (#13).
  getPastIndexStats: () => pastStats(),
};
