import type { Usage } from '../model/records';
import { db } from './db';
import { leaseState, type Lease } from './generation';

export async function recordUsage(rows: Usage[]): Promise<void> {
  if (rows.length) await db().usage.bulkPut(rows);
}

export async function listUsage(): Promise<Usage[]> {
  return db().usage.orderBy('at').toArray();
}

/** A running job's call costs, kept only while its lease holds: after Delete everything nothing of it stays (#12). */
export async function recordLeasedUsage(lease: Lease, rows: Usage[]): Promise<void> {
  if (rows.length === 0) return;
  const d = db();
  await d.transaction('rw', d.usage, d.jobs, d.meta, async () => {
    if ((await leaseState(d, lease)) !== 'lost') await d.usage.bulkPut(rows);
  });
}
