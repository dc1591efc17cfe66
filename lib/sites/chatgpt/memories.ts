// ChatGPT's saved memories: GET /backend-api/memories?include_memory_entries=true → entries `id, content,
// updated_at` (#3 live notes). Unknown fields are dropped; entries without text are skipped.
import { z } from 'zod/mini';
import { isoTime, shapeError, type FetchJson, type VendorMemoriesResult } from '../api-types';
import { authHeaders } from './api';

const Memories = z.object({
  memories: z.array(
    z.object({
      id: z.string(),
      content: z.optional(z.nullable(z.string())),
      // Read as unknown, not a union: zod's union would cost chatgpt.js 1.2 kB of its 50 kB (#24), and a date of
      // another type is no reason to refuse every memory.
      updated_at: z.optional(z.unknown()),
    }),
  ),
});

const timeOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null);

export function chatgptMemories(raw: unknown): VendorMemoriesResult {
  const parsed = Memories.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: shapeError('saved memories', parsed.error.message) };
  const memories = parsed.data.memories
    .map((m) => ({ id: m.id, text: (m.content ?? '').trim(), updatedAt: isoTime(timeOf(m.updated_at)) }))
    .filter((m) => m.text !== '');
  return { ok: true, memories };
}

export async function fetchChatgptMemories(
  fetchJson: FetchJson,
  cookie: string,
): Promise<VendorMemoriesResult> {
  try {
    const headers = await authHeaders(fetchJson, cookie);
    return chatgptMemories(await fetchJson('/backend-api/memories?include_memory_entries=true', headers));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
