// Injection-safe rendering (#4). Conversation text is data: a message cannot forge a speaker line or a
// section header, because every line a message contributes after its first is indented, and roles/names are
// flattened to one line. Memories are rendered as JSON strings, never as instructions.

/** One line, no control characters, bounded. */
export function oneLine(text: string, max = 200): string {
  const flat = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Continuation lines get a fixed indent, so only our own lines start at column 0. */
export function indentBody(text: string, indent = '    '): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Zl}\p{Zp}[\p{Cc}--[\t\n]]]/gv, '\n')
    .split('\n')
    .map((line, i) => (i === 0 ? line : `${indent}${line}`))
    .join('\n');
}

export interface PromptTurn {
  label: number;
  role: string;
  at: string | null;
  text: string;
}

export function renderTurn(t: PromptTurn): string {
  const at = t.at ? ` (${oneLine(t.at, 40)})` : '';
  return `[${t.label}] ${oneLine(t.role, 20)}${at}: ${indentBody(t.text)}`;
}

export interface PromptMemory {
  label: number;
  text: string;
  type: string;
  mentionedAt?: string;
}

/** A JSON line per memory: text inside a JSON string cannot end the list or start a new section. */
export function renderMemories(memories: PromptMemory[], prefix: string): string {
  if (memories.length === 0) return '(none)';
  return memories
    .map((m) => {
      const fields: Record<string, string> = { type: m.type, text: m.text };
      if (m.mentionedAt) fields.mentionedAt = m.mentionedAt.slice(0, 10);
      return `${prefix}${m.label} ${JSON.stringify(fields)}`;
    })
    .join('\n');
}
