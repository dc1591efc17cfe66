import type { Usage } from '../model/records';
import { db } from './db';

export async function recordUsage(rows: Usage[]): Promise<void> {
  if (rows.length) await db().usage.bulkPut(rows);
}

export async function listUsage(): Promise<Usage[]> {
  return db().usage.orderBy('at').toArray();
}
