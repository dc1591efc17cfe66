// Claude's memory: GET /api/organizations/{org}/memory (#3). Its shape is not documented and no capture exists:
// this accepts a list of entries (`memories[]` with `id` and `content` or `text`) or one text block (`memory`),
// whose lines become entries. Anything else is refused with the reason. TODO(2027-03): check on a live account.
import { z } from 'zod/mini';
import { isoTime, shapeError, type FetchJson, type VendorMemoriesResult } from '../api-types';
import { chatOrg } from './api';

const Entry = z.object({
  id: z.optional(z.string()),
  uuid: z.optional(z.string()),
  content: z.optional(z.nullable(z.string())),
  text: z.optional(z.nullable(z.string())),
  updated_at: z.optional(z.nullable(z.string())),
});
const Memory = z.union([
  z.object({ memories: z.array(Entry) }),
  z.object({ memory: z.string(), updated_at: z.optional(z.nullable(z.string())) }),
]);

/** FNV-1a of the text: a block of lines has no ids, and the same line must import once. */
function lineId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `line-${(hash >>> 0).toString(36)}`;
}

export function claudeMemories(raw: unknown): VendorMemoriesResult {
  const parsed = Memory.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: shapeError('Claude memory', parsed.error.message) };
  const data = parsed.data;
  const entries =
    'memories' in data
      ? data.memories.map((m) => ({
          text: (m.content ?? m.text ?? '').trim(),
          id: m.id ?? m.uuid,
          at: m.updated_at,
        }))
      : data.memory.split('\n').map((line) => ({
          text: line.replace(/^\s*[-*•]\s*/, '').trim(),
          id: undefined,
          at: data.updated_at,
        }));
  const memories = entries
    .filter((e) => e.text !== '' && !e.text.startsWith('#'))
    .map((e) => ({ id: e.id ?? lineId(e.text), text: e.text, updatedAt: isoTime(e.at) }));
  return { ok: true, memories };
}

export async function fetchClaudeMemories(fetchJson: FetchJson): Promise<VendorMemoriesResult> {
  try {
    const org = await chatOrg(fetchJson);
    return claudeMemories(await fetchJson(`/api/organizations/${org}/memory`, {}));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
