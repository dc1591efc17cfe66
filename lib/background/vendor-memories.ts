// Vendor saved memories become Engram memories with their source recorded (#3). Keyed by the vendor's id, so
// importing again adds nothing and an edited entry is updated, with an event that says so.
import { VendorMemories, type VendorImportReply } from '../model/messages';
import { newMemory } from '../model/new-memory';
import type { Memory, MemoryEvent } from '../model/records';
import type { Site } from '../model/site';
import { escapeMemoryText } from '../recall/block';
import { SITE_LABELS, siteInfo } from '../sites/registry';
import { getMemory, writeMemory } from '../store/memories';
import { countTokens } from '../tokens';

async function toMemory(
  site: Site,
  entry: { id: string; text: string; updatedAt: string | null },
  at: string,
) {
  return newMemory(
    {
      id: `${site}-saved:${entry.id}`,
      text: entry.text,
      type: 'profile',
      confidence: 0.9,
      mentionedAt: entry.updatedAt ?? at,
      sources: [{ site, conversationId: null, turnIds: [], url: siteInfo(site).savedMemoriesUrl ?? null }],
      tokenCount: await countTokens(escapeMemoryText(entry.text)),
    },
    at,
  );
}

function importEvent(before: Memory | undefined, after: Memory, site: Site, at: string): MemoryEvent {
  return {
    id: crypto.randomUUID(),
    memoryId: after.id,
    op: before ? 'update' : 'add',
    before: before ?? null,
    after,
    reason: `Imported from ${SITE_LABELS[site]}'s saved memories`,
    actor: 'import',
    jobId: null,
    promptVersion: null,
    model: null,
    at,
  };
}

/** Validates what the tab read and writes it; a failed read is reported as an error in plain words. */
export async function importVendorMemories(raw: unknown, now = new Date()): Promise<VendorImportReply> {
  const { site, result } = VendorMemories.parse(raw);
  if (!result.ok) throw new Error(`Could not read ${SITE_LABELS[site]}'s saved memories: ${result.reason}`);
  const at = now.toISOString();
  let imported = 0;
  for (const entry of result.memories) {
    const before = await getMemory(`${site}-saved:${entry.id}`);
    if (before?.text === entry.text) continue;
    const memory = await toMemory(site, entry, at);
    const after = before
      ? { ...before, text: memory.text, tokenCount: memory.tokenCount, updatedAt: at }
      : memory;
    await writeMemory(after, importEvent(before, after, site, at));
    imported += 1;
  }
  return { site, imported, unchanged: result.memories.length - imported };
}
