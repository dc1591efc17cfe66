// The only module that opens IndexedDB. Versions are data so the migration harness (db.migrations.test.ts)
// can open a database written by version N with version N+1 and check that nothing was lost.
import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import type { Conversation, Job, Memory, MemoryEvent, Turn, Usage } from '../model/records';
import { repairStoredRecords } from './repair';
import type { Held } from '../sync/port';
import type { PrivacyRow } from './privacy-rows';
import { seedOutbox, type OutboxRow, type SyncHeadRow, type SyncStateRow } from './sync-rows';

export const DB_NAME = 'engram';

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  /** Only where data changes; adding an index needs none. */
  upgrade?: (tx: Transaction) => Promise<void>;
  why: string;
}

export const VERSIONS: SchemaVersion[] = [
  {
    version: 1,
    why: 'Initial schema (#2). Indexes serve: turns by conversation in order, memories by status/scope/recency, events per memory, due jobs, usage by day.',
    stores: {
      conversations: 'key, site, updatedAt',
      turns: 'key, conversationKey, [conversationKey+order], capturedAt',
      memories: 'id, status, type, scope, updatedAt, mentionedAt, priority',
      memoryEvents: 'id, memoryId, at, jobId',
      jobs: 'id, conversationKey, status, [status+runAfter]',
      usage: 'id, day, at',
    },
  },
  {
    version: 2,
    why: 'Embedding vectors for the semantic recall tier (#5), one row per memory and model, so a worker restart does not re-embed (and re-pay for) every memory. Indexed by memoryId (deletes) and model (load one model, drop the others).',
    stores: { embeddings: '[memoryId+model], memoryId, model' },
  },
  {
    version: 3,
    why: 'A small key-value table for store-wide counters (#12): the delete generation that Delete everything and conversation deletes bump in their own transaction, and that a running job checks in its commit transaction, so nothing read before a delete is written after it. The upgrade repairs records stored before imports were checked (lib/store/repair.ts): bad dates, foreign or javascript: links, turns at order < 0.',
    stores: { meta: 'key' },
    upgrade: repairStoredRecords,
  },
  {
    version: 4,
    why: 'Sync (#15): `outbox` lists every local memory and conversation change (ids only, written in the same transaction as the change) so the sync engine pushes exactly what committed; `syncHeads` is the merge state per synced memory ("m:<id>") and conversation ("c:<key>"); `syncState` holds the engine state (the identity lives in engram-secrets). The upgrade lists what is already stored, so a device used before sync pushes it at its first sync.',
    stores: { outbox: '++seq', syncHeads: 'key', syncState: 'key' },
    upgrade: seedOutbox,
  },
  {
    version: 5,
    why: 'Private chats (#34): one verdict per conversation key, `private` (the site promised not to remember it; everything of it was removed) or `confirmed` (its JSON said it is not private and the person’s own, so its page may be read later). Indexed by state (Delete everything drops the confirmations) and time (Activity, and pruning the oldest). Device-local: never synced, never exported.',
    stores: { privacy: 'key, state, at' },
  },
  {
    version: 6,
    why: 'Sync across Engram versions (#38): `syncHeld` keeps, as their JSON text, the lines another device wrote with a newer Engram that this one cannot read yet (a site, a memory type or fields it does not know), keyed by the file and line they came from and indexed by that device, so Options → Sync can count them. Written with the sync state, passed on in this device’s snapshots, read when Engram updates. No data changes: no upgrade.',
    stores: { syncHeld: 'key, dev' },
  },
];

/** One embedding vector (lib/store/embeddings.ts reads and writes them). */
export interface StoredVector {
  memoryId: string;
  /** The embedder's identity (base URL # model): vectors of two models are never compared. */
  model: string;
  textHash: string;
  /** Unit length, so cosine similarity is a dot product. */
  vector: Float32Array;
}

/** A store-wide counter; see lib/store/generation.ts. */
export interface MetaRow {
  key: string;
  value: number;
}

/**
 * Tables that hold the person's data: Delete everything empties these, never `meta`; `privacy` keeps its private
 * marks (lib/store/privacy.ts clearPrivacyReports).
 */
export const DATA_TABLES = [
  'conversations',
  'turns',
  'memories',
  'memoryEvents',
  'jobs',
  'usage',
  'embeddings',
  'outbox',
  'syncHeads',
  'syncHeld',
] as const;

export type EngramDB = Dexie & {
  conversations: EntityTable<Conversation, 'key'>;
  turns: EntityTable<Turn, 'key'>;
  memories: EntityTable<Memory, 'id'>;
  memoryEvents: EntityTable<MemoryEvent, 'id'>;
  jobs: EntityTable<Job, 'id'>;
  usage: EntityTable<Usage, 'id'>;
  embeddings: Table<StoredVector, [string, string]>;
  meta: EntityTable<MetaRow, 'key'>;
  outbox: EntityTable<OutboxRow, 'seq'>;
  syncHeads: EntityTable<SyncHeadRow, 'key'>;
  syncState: EntityTable<SyncStateRow, 'key'>;
  syncHeld: EntityTable<Held, 'key'>;
  privacy: EntityTable<PrivacyRow, 'key'>;
};

/** Opens the database declared up to `upTo` (all versions by default); tests pass a lower one. */
export function openDb(name = DB_NAME, upTo = VERSIONS.length): EngramDB {
  const db = new Dexie(name) as EngramDB;
  for (const v of VERSIONS.slice(0, upTo)) {
    const declared = db.version(v.version).stores(v.stores);
    if (v.upgrade) declared.upgrade(v.upgrade);
  }
  return db;
}

let shared: EngramDB | undefined;
/** Which database the shared handle opens: Engram's own, or another profile's (switchDb). */
let current = DB_NAME;

/** The process-wide handle. Dexie opens lazily on first use. */
export function db(): EngramDB {
  shared ??= openDb(current);
  return shared;
}

/** Closes the shared handle and keeps the data: the next call opens the database again, as a new worker does. */
export function closeDb(): void {
  shared?.close();
  shared = undefined;
}

/**
 * Points the store at `name`'s database, closing the handle it had. One process can hold several profiles this
 * way (two devices syncing in one test process, #15); the extension only ever uses DB_NAME.
 */
export function switchDb(name: string): void {
  if (shared?.name === name) return;
  closeDb();
  current = name;
  shared = openDb(name);
}

/** Deletes Engram's database (DB_NAME) and points the store back at it: the next call opens it empty. */
export async function deleteDb(): Promise<void> {
  closeDb();
  current = DB_NAME;
  await Dexie.delete(DB_NAME);
}
