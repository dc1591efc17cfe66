// Persisted embedding vectors for the semantic recall tier (#5). One row per memory and model identity, with
// a hash of the text it was made from, so a service-worker restart reads vectors back instead of paying the
// provider again, and an edited memory (new hash) or another model (other key) is never compared.
import { db, type StoredVector } from './db';

export async function loadVectors(model: string): Promise<StoredVector[]> {
  return db().embeddings.where('model').equals(model).toArray();
}

export async function putVectors(rows: readonly StoredVector[]): Promise<void> {
  if (rows.length > 0) await db().embeddings.bulkPut([...rows]);
}

export async function deleteVectors(model: string, memoryIds: readonly string[]): Promise<void> {
  if (memoryIds.length > 0) await db().embeddings.bulkDelete(memoryIds.map((id) => [id, model]));
}

/** Keeps one model's vectors: switching models re-embeds rather than keeping megabytes nothing reads. */
export async function deleteOtherModels(model: string): Promise<number> {
  return db().embeddings.where('model').notEqual(model).delete();
}

export async function countVectors(model: string): Promise<number> {
  return db().embeddings.where('model').equals(model).count();
}
