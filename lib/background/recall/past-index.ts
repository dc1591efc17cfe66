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
import { onStoreChange, type StoreChange } from '../../store/changes';
import { conversationKeys, conversationsCapturedSince, turnsOfMany } from '../../store/recall-turns';
import { readSettings, settingsItem } from '../../settings';
import { callIndex, setIndexHost } from './index-host';

/** Conversations per message while (re)building: bounded messages, progress a bench can read. */
const BATCH = 25;

const call = callIndex;

export const pastTurn = (t: Turn): PastTurn => ({
  key: t.key,
  conversationKey: t.conversationKey,
  who: t.role === 'user' ? 'Me' : 'Assistant',
  role: t.role,
  text: t.text,
  at: t.createdAt ?? t.capturedAt,
});

/** Conversations still to (re)index: the stats' pending count. */
let pending = 0;
/**
 * "Redact secrets" as the open index was built with it (#25 item 2): every passage written to it is redacted,
 * from the whole turn, exactly when this is on; a change of the setting rebuilds the index (followPastTurns).
 */
let redacting = true;

async function readBatch(keys: readonly string[]) {
  const turns = await turnsOfMany(keys);
  let highWater: string | null = null;
  for (const t of turns.flat()) if (!highWater || t.capturedAt > highWater) highWater = t.capturedAt;
  const conversations = keys.map((key, i) => ({
    key,
    passages: passagesOf((turns[i] ?? []).filter((t) => !t.superseded).map(pastTurn), redacting),
  }));
  return { conversations, highWater };
}

// The next batch is read from IndexedDB while the index's worker writes the last one, on its own thread
// (bench:past at 2,000 conversations: reading and writing one after the other left the index ~1 min behind the
// import). Batches are still sent, and written, in order.
async function putConversations(keys: readonly string[], built = false): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  for (let i = 0; i < keys.length || (built && i === 0); i += BATCH) {
    const batch = await readBatch(keys.slice(i, i + BATCH));
    await writing;
    const last = i + BATCH >= keys.length;
    writes++;
    writing = call({ op: 'put', ...batch, built: built && last }).then(() => {
      pending = Math.max(0, pending - batch.conversations.length);
    });
    // Its failure is thrown by the next await of it, not reported as unhandled while a batch is read.
    writing.catch(() => undefined);
  }
  await writing;
}

/** Opens the index, rebuilt when empty; `answerable` is called once it holds what a query can be answered from. */
async function openIndex(answerable: () => void): Promise<void> {
  redacting = (await readSettings()).privacy.redact;
  // Asked together (the worker answers in order): the high-water mark is a round trip less after a worker stop.
  const [{ empty }, { stats }] = await Promise.all([
    call({ op: 'open', redacted: redacting }),
    call({ op: 'stats' }),
  ]);
  if (empty) {
    await call({ op: 'clear' });
    const keys = await conversationKeys();
    pending += keys.length;
    return putConversations(keys, true);
  }
  answerable();
  const keys = await conversationsCapturedSince(stats?.highWater ?? '');
  pending += keys.length;
  await putConversations(keys);
}

let opened: Promise<void> | undefined;
/** Settles once the opening index holds passages, before its catch-up with the store: a query may go then. */
let answerable: Promise<void> = Promise.resolve();
/** Store changes, applied one after another once the index is open. */
let work: Promise<void> = Promise.resolve();
/** `opened` has settled well, and how many store changes are queued or running: both say `pastReadyNow`. */
let open = false;
let queued = 0;
/** Writes sent to the index (puts, deletes, clears): a query asked before a write lands is asked again. */
let writes = 0;

function ensureOpen(): Promise<void> {
  if (opened) return opened;
  let ready!: () => void;
  answerable = new Promise<void>((resolve) => (ready = resolve));
  const opening = openIndex(ready).then(
    () => void (open = opening === opened),
    (e: unknown) => {
      if (opened === opening) opened = undefined;
      throw e;
    },
  );
  opened = opening;
  opening.then(ready, ready);
  return opening;
}

/** The next use opens the index again (a rebuild under another "Redact secrets", a restarted worker). */
function forgetOpen(): void {
  opened = undefined;
  open = false;
}

async function follow(change: StoreChange): Promise<void> {
  if (change.kind === 'cleared' || change.kind === 'conversationsDeleted') writes++;
  if (change.kind === 'cleared') await call({ op: 'clear' });
  if (change.kind === 'conversationsDeleted') await call({ op: 'delete', keys: [...change.keys] });
  if (change.kind !== 'turns') return;
  // An index nobody asked for this run is caught up when it opens; with the tier on, it opens now.
  if (!opened && !(await readSettings()).recall.rawTurns) return;
  await ensureOpen();
  pending += change.conversationKeys.length;
  await putConversations(change.conversationKeys);
}

/**
 * Turning "Redact secrets" on must take the secrets out of the index on disk, and turning it off asks for turns
 * quoted as written, as the rest of the block is (README, "What gets inserted"): either way the open index is
 * rebuilt under the new choice, after any build in progress. An index not open now is checked when it opens
 * (its stamp, PastEngine.open).
 */
async function followRedaction(): Promise<void> {
  const wanted = (await readSettings()).privacy.redact;
  if (!opened || wanted === redacting) return;
  await opened.catch(() => undefined);
  forgetOpen();
  await ensureOpen();
}

/**
 * Captures, imports, conversation deletes and Delete everything reach the index here (lib/store/changes.ts,
 * #12), one after another, and so does a change of "Redact secrets". Deletes and clears are sent even before
 * the index opens: they must never wait for a rebuild. Returns the stop.
 */
export function followPastTurns(): () => void {
  const queue = (next: () => Promise<void>) => {
    queued++;
    work = work
      .then(next)
      .catch((e: unknown) => console.warn('Engram: past index update failed', e))
      .finally(() => void queued--);
  };
  const stopStore = onStoreChange((change) => {
    if (change.kind === 'memories' || change.kind === 'memoriesPurged') return;
    queue(() => follow(change));
  });
  const stopSettings = settingsItem.watch(() => queue(followRedaction));
  return () => {
    stopStore();
    stopSettings();
  };
}

/** The index open and caught up with every store change heard so far. */
export async function pastReady(): Promise<void> {
  await ensureOpen();
  await work;
}

/** Open, and no store change waiting to be applied: a query asked now is sent at once (`queryPast`). */
export const pastReadyNow = (): boolean => open && queued === 0;

type Hits = NonNullable<PastReply['hits']>;

/**
 * After a worker start the index opens, then catches up with the turns captured while no worker followed them.
 * The query goes as soon as the index holds passages (the worker answers in order), beside the catch-up's store
 * read, and is asked again only when a write was sent meanwhile: waiting for that read first held a click after
 * a worker stop ~20-40 ms (bench:recall --profile, #39). An empty index is rebuilt before it is asked.
 */
async function askBehindOpen(ask: () => Promise<Hits>): Promise<Hits> {
  const opening = ensureOpen();
  await answerable;
  const before = writes;
  const first = ask();
  first.catch(() => undefined);
  await opening;
  await pastReady();
  return writes === before ? first : ask();
}

/**
 * The index's best hits. On a ready index the query is handed to the index's host before this returns, so a
 * caller knows it goes ahead of anything it asks next (preview-recall.ts sends the memory query behind it).
 */
export function queryPast(
  query: string,
  limit: number,
  skipConversation: string | null,
  labels?: LineLabels,
): Promise<Hits> {
  const ask = async () =>
    (await call({ op: 'query', query, limit, skipConversation, ...(labels ? { labels } : {}) })).hits ?? [];
  return pastReadyNow() ? ask() : askBehindOpen(ask);
}

// Answered during a rebuild too (the worker opens its database itself), so Options → Data can show how far it is.
export async function pastStats(): Promise<PastIndexStats> {
  void ensureOpen().catch(() => undefined);
  const { stats } = await call({ op: 'stats' });
  if (!stats) throw new Error('past index: no stats');
  return { ...stats, pending };
}

/**
 * Test seam: the next use opens the index again (a restarted worker), on `next` when given (unit tests: an
 * in-memory engine); without it, on the same host, as the offscreen document outlives the service worker.
 */
export function resetPastIndex(next?: PastCall): void {
  forgetOpen();
  if (next) setIndexHost(next);
  pending = 0;
}
