// The background's side of the past-turn index for "From past chats" (#13). The index itself is SQLite FTS5
// in OPFS (lib/past), hosted by a worker of the offscreen document on Chrome and of the background page on Firefox
// (./index-host.ts), beside the memory table (./memory-index.ts, #28). Dexie stays the source of truth: a
// missing, unreadable or outdated index is rebuilt from it; one that survived is opened and caught up from its
// high-water mark (the newest capturedAt it holds), never rebuilt at a worker start.
import type { PastIndexStats, PastReply } from '../../model/past';
import type { Turn } from '../../model/records';
import type { LineLabels } from '../../past/lines';
import { passagesOf, type PastTurn } from '../../past/passages';
import type { PastCall } from '../../past/worker-client';
import type { StoreChange } from '../../store/changes';
import { conversationKeys, conversationsCapturedSince, turnsOfMany } from '../../store/recall-turns';
import { readSettings } from '../../settings';

/** Conversations per message while (re)building: bounded messages, progress a bench can read. */
const BATCH = 25;

export const pastTurn = (t: Turn): PastTurn => ({
  key: t.key,
  conversationKey: t.conversationKey,
  who: t.role === 'user' ? 'Me' : 'Assistant',
  role: t.role,
  text: t.text,
  at: t.createdAt ?? t.capturedAt,
});

type Hits = NonNullable<PastReply['hits']>;

/** One worker's side of the index, on the index host `call` (#38: made by the recall area, not at import). */
export class PastIndex {
  /** Conversations still to (re)index: the stats' pending count. */
  private pending = 0;
  /**
   * "Redact secrets" as the open index was built with it (#25 item 2): every passage written to it is redacted,
   * from the whole turn, exactly when this is on; a change of the setting rebuilds the index (`hearSettings`).
   */
  private redacting = true;
  private opened: Promise<void> | undefined;
  /** Settles once the opening index holds passages, before its catch-up with the store: a query may go then. */
  private answerable: Promise<void> = Promise.resolve();
  /** Store changes, applied one after another once the index is open. */
  private work: Promise<void> = Promise.resolve();
  /** `opened` has settled well, and how many store changes are queued or running: both say `readyNow`. */
  private open = false;
  private queued = 0;
  /** Writes sent to the index (puts, deletes, clears): a query asked before a write lands is asked again. */
  private writes = 0;

  constructor(private readonly call: PastCall) {}

  /**
   * Captures, imports, conversation deletes and Delete everything reach the index here (lib/store/changes.ts,
   * #12), one after another, and so does a change of "Redact secrets" (`hearSettings`). Deletes and clears are
   * sent even before the index opens: they must never wait for a rebuild.
   */
  hear(change: StoreChange): void {
    if (change.kind === 'memories' || change.kind === 'memoriesPurged') return;
    this.queue(() => this.follow(change));
  }

  /** The settings changed: "Redact secrets" may have, after the changes heard before it. */
  hearSettings(): void {
    this.queue(() => this.followRedaction());
  }

  /** The index open and caught up with every store change heard so far. */
  async ready(): Promise<void> {
    await this.ensureOpen();
    await this.work;
  }

  /** Open, and no store change waiting to be applied: a query asked now is sent at once (`query`). */
  readyNow(): boolean {
    return this.open && this.queued === 0;
  }

  /**
   * The index's best hits. On a ready index the query is handed to the index's host before this returns, so a
   * caller knows it goes ahead of anything it asks next (preview-recall.ts sends the memory query behind it).
   */
  query(query: string, limit: number, skipConversation: string | null, labels?: LineLabels): Promise<Hits> {
    const ask = async () =>
      (await this.call({ op: 'query', query, limit, skipConversation, ...(labels ? { labels } : {}) }))
        .hits ?? [];
    return this.readyNow() ? ask() : this.askBehindOpen(ask);
  }

  // Answered during a rebuild too (the worker opens its database itself), so Options → Data can show how far it is.
  async stats(): Promise<PastIndexStats> {
    void this.ensureOpen().catch(() => undefined);
    const { stats } = await this.call({ op: 'stats' });
    if (!stats) throw new Error('past index: no stats');
    return { ...stats, pending: this.pending };
  }

  private queue(next: () => Promise<void>): void {
    this.queued++;
    this.work = this.work
      .then(next)
      .catch((e: unknown) => console.warn('Engram: past index update failed', e))
      .finally(() => void this.queued--);
  }

  private async readBatch(keys: readonly string[]) {
    const turns = await turnsOfMany(keys);
    let highWater: string | null = null;
    for (const t of turns.flat()) if (!highWater || t.capturedAt > highWater) highWater = t.capturedAt;
    const conversations = keys.map((key, i) => ({
      key,
      passages: passagesOf((turns[i] ?? []).filter((t) => !t.superseded).map(pastTurn), this.redacting),
    }));
    return { conversations, highWater };
  }

  // The next batch is read from IndexedDB while the index's worker writes the last one, on its own thread
  // (bench:past at 2,000 conversations: reading and writing one after the other left the index ~1 min behind the
  // import). Batches are still sent, and written, in order.
  private async putConversations(keys: readonly string[], built = false): Promise<void> {
    let writing: Promise<void> = Promise.resolve();
    for (let i = 0; i < keys.length || (built && i === 0); i += BATCH) {
      const batch = await this.readBatch(keys.slice(i, i + BATCH));
      await writing;
      const last = i + BATCH >= keys.length;
      this.writes++;
      writing = this.call({ op: 'put', ...batch, built: built && last }).then(() => {
        this.pending = Math.max(0, this.pending - batch.conversations.length);
      });
      // Its failure is thrown by the next await of it, not reported as unhandled while a batch is read.
      writing.catch(() => undefined);
    }
    await writing;
  }

  /** Opens the index, rebuilt when empty; `answerable` is called once it holds what a query can be answered from. */
  private async openIndex(answerable: () => void): Promise<void> {
    this.redacting = (await readSettings()).privacy.redact;
    // Asked together (the worker answers in order): the high-water mark is a round trip less after a worker stop.
    const [{ empty }, { stats }] = await Promise.all([
      this.call({ op: 'open', redacted: this.redacting }),
      this.call({ op: 'stats' }),
    ]);
    if (empty) {
      await this.call({ op: 'clear' });
      const keys = await conversationKeys();
      this.pending += keys.length;
      return this.putConversations(keys, true);
    }
    answerable();
    const keys = await conversationsCapturedSince(stats?.highWater ?? '');
    this.pending += keys.length;
    await this.putConversations(keys);
  }

  private ensureOpen(): Promise<void> {
    if (this.opened) return this.opened;
    let ready!: () => void;
    this.answerable = new Promise<void>((resolve) => (ready = resolve));
    const opening: Promise<void> = this.openIndex(ready).then(
      () => void (this.open = opening === this.opened),
      (e: unknown) => {
        if (this.opened === opening) this.opened = undefined;
        throw e;
      },
    );
    this.opened = opening;
    opening.then(ready, ready);
    return opening;
  }

  private async follow(change: StoreChange): Promise<void> {
    if (change.kind === 'cleared' || change.kind === 'conversationsDeleted') this.writes++;
    if (change.kind === 'cleared') await this.call({ op: 'clear' });
    if (change.kind === 'conversationsDeleted') await this.call({ op: 'delete', keys: [...change.keys] });
    if (change.kind !== 'turns') return;
    // An index nobody asked for this run is caught up when it opens; with the tier on, it opens now.
    if (!this.opened && !(await readSettings()).recall.rawTurns) return;
    await this.ensureOpen();
    this.pending += change.conversationKeys.length;
    await this.putConversations(change.conversationKeys);
  }

  /**
   * Turning "Redact secrets" on must take the secrets out of the index on disk, and turning it off asks for turns
   * quoted as written, as the rest of the block is (README, "What gets inserted"): either way the open index is
   * rebuilt under the new choice, after any build in progress. An index not open now is checked when it opens
   * (its stamp, PastEngine.open).
   */
  private async followRedaction(): Promise<void> {
    const wanted = (await readSettings()).privacy.redact;
    if (!this.opened || wanted === this.redacting) return;
    await this.opened.catch(() => undefined);
    // The next use opens the index again, under the new choice.
    this.opened = undefined;
    this.open = false;
    await this.ensureOpen();
  }

  /**
   * After a worker start the index opens, then catches up with the turns captured while no worker followed them.
   * The query goes as soon as the index holds passages (the worker answers in order), beside the catch-up's store
   * read, and is asked again only when a write was sent meanwhile: waiting for that read first held a click after
   * a worker stop ~20-40 ms (bench:recall --profile, #39). An empty index is rebuilt before it is asked.
   */
  private async askBehindOpen(ask: () => Promise<Hits>): Promise<Hits> {
    const opening = this.ensureOpen();
    await this.answerable;
    const before = this.writes;
    const first = ask();
    first.catch(() => undefined);
    await opening;
    await this.ready();
    return this.writes === before ? first : ask();
  }
}
