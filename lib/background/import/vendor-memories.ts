// Vendor saved memories become Engram memories with their source recorded (#3). Keyed by the vendor's id, so
// importing again adds nothing and an entry the site changed is updated, with an event that says so. A site's
// list is not the person (#25): a change to a memory the person owns (pinned, a standing rule, typed or edited by
// hand) waits in Review as a proposal, as does any entry with a link; a memory the person deleted stays in the
// Trash; and an entry the site did not change never undoes the person's own edit.
import { ProblemError } from '../../model/problem';
import { VendorMemories, type VendorImportReply } from '../../model/messages';
import { newMemory } from '../../model/new-memory';
import { memoryEvent } from '../../model/memory-event';
import type { Memory, MemoryEvent } from '../../model/records';
import type { Site } from '../../model/site';
import { ownedBecause } from '../../pipeline/guard';
import { hasLink } from '../../recall/links';
import { escapeMemoryText } from '../../recall/block';
import { SITE_LABELS, siteInfo } from '../../sites/registry';
import { writtenByPerson } from '../../store/limits';
import { getMemory, historyOf, writeMemory } from '../../store/memories';
import { countTokens } from '../../tokens';

type Entry = { id: string; text: string; updatedAt: string | null };
type Outcome = 'imported' | 'held' | 'unchanged';

const tokens = (text: string) => countTokens(escapeMemoryText(text));

async function toMemory(site: Site, entry: Entry, at: string) {
  return newMemory(
    {
      id: `${site}-saved:${entry.id}`,
      text: entry.text,
      type: 'profile',
      confidence: 0.9,
      mentionedAt: entry.updatedAt ?? at,
      sources: [{ site, conversationId: null, turnIds: [], url: siteInfo(site).savedMemoriesUrl ?? null }],
      tokenCount: await tokens(entry.text),
      // A site's memory list is written by its model, and prompt injection has planted links there (#25).
      status: hasLink(entry.text) ? 'pending' : 'active',
    },
    at,
  );
}

function importEvent(before: Memory | null, after: Memory, reason: string, at: string): MemoryEvent {
  return memoryEvent({ op: before ? 'update' : 'add', before, after, reason, at }, { actor: 'import' });
}

/** What the site said last time: its latest import event's text (the person may have edited the memory since). */
async function siteSaid(memory: Memory): Promise<string> {
  const imports = (await historyOf(memory.id)).filter((e) => e.actor === 'import' && e.after);
  return imports.at(-1)?.after?.text ?? memory.text;
}

/** Why the site's new text may not replace the stored one without the person, or null. */
async function holdFor(before: Memory, text: string): Promise<string | null> {
  const mine = await writtenByPerson([before.id]);
  const owned = ownedBecause(before, mine.has(before.id));
  if (owned) return `${owned}, only you change it`;
  return hasLink(text) ? 'it holds a link' : null;
}

async function updateFrom(site: Site, before: Memory, entry: Entry, at: string): Promise<Outcome> {
  const label = `${SITE_LABELS[site]}'s saved memory`;
  if (before.status === 'deleted' || before.status === 'archived') return 'unchanged';
  if (entry.text === before.text || entry.text === (await siteSaid(before))) return 'unchanged';
  const hold = before.status === 'pending' ? null : await holdFor(before, entry.text);
  const changed = { text: entry.text, tokenCount: await tokens(entry.text), updatedAt: at };
  if (!hold) {
    const after = { ...before, ...changed };
    await writeMemory(after, importEvent(before, after, `Imported from ${label}`, at));
    return 'imported';
  }
  // One proposal per memory: asked again before the person decides, it is replaced, not doubled.
  const copy: Memory = {
    ...before,
    ...changed,
    id: `${before.id}:proposed`,
    status: 'pending',
    createdAt: at,
  };
  await writeMemory(copy, importEvent(before, copy, `${label} changed (${hold})`, at));
  return 'held';
}

/** Validates what the tab read and writes it; a failed read is reported as an error in plain words. */
export async function importVendorMemories(raw: unknown, now = new Date()): Promise<VendorImportReply> {
  const { site, result } = VendorMemories.parse(raw);
  if (!result.ok)
    throw new ProblemError({ code: 'vendor-unreadable', site, reason: result.reason.slice(0, 500) });
  const at = now.toISOString();
  const counts = { imported: 0, held: 0, unchanged: 0 };
  for (const entry of result.memories) {
    const before = await getMemory(`${site}-saved:${entry.id}`);
    if (before) {
      counts[await updateFrom(site, before, entry, at)]++;
      continue;
    }
    const memory = await toMemory(site, entry, at);
    const held = memory.status === 'pending';
    const why = held ? ' (it holds a link: waits for your review)' : '';
    await writeMemory(
      memory,
      importEvent(null, memory, `Imported from ${SITE_LABELS[site]}'s saved memories${why}`, at),
    );
    counts.imported++;
    if (held) counts.held++;
  }
  return { site, ...counts };
}
