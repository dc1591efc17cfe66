// "Export memories as Markdown" (#6): readable, grouped by type, active memories only.
import type { Memory, MemoryType } from '../model/records';

export const TYPE_HEADINGS: Record<MemoryType, string> = {
  profile: 'About me',
  preference: 'Preferences',
  instruction: 'Standing instructions',
  event: 'Events',
  correction: 'Corrections',
};

/** Newlines inside a memory would break the list item; Markdown-active leading characters are escaped. */
function item(m: Memory): string {
  const text = m.text.replace(/\s*\n\s*/g, ' ').replace(/^([#>*+-]|\d+\.)/, '\\$1');
  const tags = [m.pinned ? 'pinned' : null, m.scope !== 'global' ? m.scope : null].filter(Boolean);
  return `- ${text}${tags.length ? ` _(${tags.join(', ')})_` : ''}`;
}

export function memoriesMarkdown(memories: readonly Memory[], now = new Date()): string {
  const active = memories.filter((m) => m.status === 'active');
  const lines = [`# Engram memories`, '', `Exported ${now.toISOString().slice(0, 10)}.`];
  for (const type of Object.keys(TYPE_HEADINGS) as MemoryType[]) {
    const ofType = active.filter((m) => m.type === type).sort((a, b) => a.text.localeCompare(b.text));
    if (ofType.length === 0) continue;
    lines.push('', `## ${TYPE_HEADINGS[type]}`, '', ...ofType.map(item));
  }
  if (active.length === 0) lines.push('', 'No memories yet.');
  return lines.join('\n') + '\n';
}
