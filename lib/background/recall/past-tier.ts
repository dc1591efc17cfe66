// Recall's past tier (#13): the past-turn index's best lines for a preview, each wait bounded so a slow index
// leaves a preview without "From past chats" rather than feeling broken.
import { conversationKey } from '../../model/keys';
import type { RecallRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import type { PastHit } from '../../past/engine';
import { PAST_LIMIT } from '../../past/limits';
import { pastLines, withTokens, type LineLabels } from '../../past/lines';
import { buildQuery, type PastLine } from '../../recall/recall';
import { ENGLISH_BLOCK } from '../../recall/words';
import { liveTurnKeys } from '../../store/recall-turns';
import { countTokens } from '../../tokens';
import type { PastIndex } from './past-index';
import { waitAtMost } from '../shared/wait';

// The query itself, against an open index: past this the preview answers without "From past chats" rather
// than feel broken (#13 targets p95 ≤ 800 ms).
export const PAST_WAIT_MS = 800;
// Opening the index is local work once per worker, not the query the bound above is for (as the semantic
// tier's stored vectors). Measured in Chromium (scope-past.e2e, loaded 2-core box): the offscreen document
// 2.2 s, sqlite-wasm + OPFS 0.6 s, the rebuild of 4 passages 0.45 s; warm-up to ready 3.0-6.7 s. Under the
// 800 ms bound the first preview with the tier on came back without its past lines, and nothing re-asked.
const PAST_OPEN_WAIT_MS = 10_000;

/** One worker's past tier (#38: made by the recall area, not at import). */
export class PastTier {
  /** Set when a preview waited PAST_OPEN_WAIT_MS in vain (a long rebuild): later ones do not wait it again. */
  private openWaitedOut = false;

  constructor(private readonly index: PastIndex) {}

  private async hits(
    query: string,
    skip: string | null,
    labels: LineLabels,
    onAsked: () => void,
  ): Promise<PastHit[]> {
    // An index still opening or catching up holds nothing for the query to go ahead of.
    const ready = this.index.readyNow();
    if (!ready) onAsked();
    const hits = this.index.query(query, PAST_LIMIT, skip, labels);
    onAsked();
    if (ready || this.openWaitedOut) return (await waitAtMost(hits, PAST_WAIT_MS)) ?? [];
    const opened = await waitAtMost(
      this.index.ready().then(() => true),
      PAST_OPEN_WAIT_MS,
    );
    if (!opened) this.openWaitedOut = true;
    return (await waitAtMost(hits, PAST_WAIT_MS)) ?? [];
  }

  /**
   * The past index's best lines for this request, or none when it is off, has no query, or is late. Only turns of
   * chats in `scopes` (null: all) are quoted: a project's chat stays in its project, as its memories do (#34).
   * `onAsked` runs once the query is on its way to a ready index, or at once when there is none to ask or the
   * index is not ready: the caller's next query then runs behind this one, not before it (preview-recall.ts).
   */
  async lines(
    req: RecallRequest,
    settings: Settings,
    scopes: ReadonlySet<string> | null,
    labels: LineLabels = ENGLISH_BLOCK,
    onAsked: () => void = () => undefined,
  ): Promise<{ lines: PastLine[] } | null> {
    if (!settings.recall.rawTurns) {
      onAsked();
      return null;
    }
    const { mode, query } = buildQuery(req.draft, req.recent);
    if (mode === 'profile') {
      onAsked();
      return { lines: [] };
    }
    const skip = req.site && req.conversationId ? conversationKey(req.site, req.conversationId) : null;
    const hits = await this.hits(query, skip, { me: labels.me, answer: labels.answer }, onAsked);
    // A delete the index missed (the worker stopped between Dexie's commit and the index's) is never quoted.
    const live = await liveTurnKeys(
      hits.map((h) => h.turnKey),
      scopes,
    );
    const kept = hits.filter((h) => live.has(h.turnKey));
    // Counted in the offscreen document, whose encoder outlives this worker; the encoder's ~1 s build was most of
    // a click after a worker restart (docs/past-index.md). Firefox's background page counts here.
    return { lines: pastLines(await withTokens(kept, countTokens, labels), (h) => h.tokens, labels) };
  }

  /** Delete everything: the next preview waits for the index to open again. */
  forget(): void {
    this.openWaitedOut = false;
  }
}
