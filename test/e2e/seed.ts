// Test-only seeding: writes rows straight into the extension origin's 'engram' IndexedDB from an extension
// page, after the app's Dexie has created the schema. No production message or code path exists for this.
import type { Page } from 'playwright-core';
import type { Conversation, Job, Memory, MemoryEvent, Turn, Usage } from '../../lib/model/records';
import type { OutboxRow } from '../../lib/store/sync-rows';

export interface Rows {
  memories?: Memory[];
  memoryEvents?: MemoryEvent[];
  conversations?: Conversation[];
  turns?: Turn[];
  jobs?: Job[];
  usage?: Usage[];
  outbox?: OutboxRow[];
}

/** `page` must be an extension page that has already opened the database (any options section has). */
export async function seedRows(page: Page, rows: Rows): Promise<void> {
  await page.evaluate(async (tables) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('engram');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const names = Object.keys(tables).filter((n) => (tables[n as keyof typeof tables]?.length ?? 0) > 0);
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(names, 'readwrite');
      for (const name of names)
        for (const row of tables[name as keyof typeof tables] ?? []) tx.objectStore(name).put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, rows);
}

const WORDS = ['Porto', 'tea', 'Python', 'garden', 'piano', 'running', 'Berlin', 'cats', 'Rust', 'sailing'];

/** n synthetic memories with varied text, types and dates. */
export function manyMemories(n: number): Memory[] {
  const types = ['profile', 'preference', 'instruction', 'event', 'correction'] as const;
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    return {
      id: `seed-${i}`,
      text: `Fact ${i}: I care about ${WORDS[i % 10]} and ${WORDS[(i * 7) % 10]}, since ${1990 + (i % 30)}.`,
      type: types[i % 5] ?? 'profile',
      priority: i % 101,
      confidence: 0.9,
      attributedTo: 'user',
      occurredStart: null,
      occurredEnd: null,
      mentionedAt: at,
      createdAt: at,
      updatedAt: at,
      sources: [],
      proofCount: 1,
      scope: i % 3 === 0 ? 'site:claude' : 'global',
      status: 'active',
      pinned: i % 50 === 0,
      tokenCount: 16,
    };
  });
}

/** Test-only reading of one table, from an extension page that has opened the database. */
export async function readRows<T>(page: Page, table: keyof Rows): Promise<T[]> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('engram');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const req = db.transaction(name).objectStore(name).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return rows as T[];
  }, table);
}
