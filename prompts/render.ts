// Injection-safe rendering (#4). Conversation text is data: a message cannot forge a speaker line or a
// section header, because every line a message contributes after its first is indented, and roles/names are
// flattened to one line. Memories are rendered as JSON strings, never as instructions, with every line break
// escaped (jsonLiteral).

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

/**
 * Turns in order, each stamped with the day it was said when that day differs from the turn before: relative
 * dates need the message's own day (#4), and repeating it on every turn cost ~13 tokens a turn (bench:tokens).
 */
export function renderTurns(turns: PromptTurn[]): string {
  let day: string | null = null;
  return turns
    .map((t) => {
      const today = t.at ? t.at.slice(0, 10) : null;
      const stamp = today && today !== day ? today : null;
      day = today ?? day;
      return renderTurn({ ...t, at: stamp });
    })
    .join('\n');
}

export interface PromptMemory {
  label: number;
  text: string;
  type: string;
  mentionedAt?: string;
}

/**
 * A JSON string literal that is one line to anything that reads it. JSON.stringify escapes U+0000–U+001F but
 * leaves DEL, the C1 controls (NEL, U+0085) and U+2028/2029 raw, and those break lines for models and
 * tokenizers: a memory typed by hand or imported could start a prompt line of its own (#25). Escaping them
 * as \uXXXX reads back as the same string and leaves every other text byte for byte as JSON.stringify made
 * it, so the rendered prompts of shipped versions are unchanged for ordinary text (render.test.ts).
 */
export function jsonLiteral(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** One line per memory; the text is a JSON string literal, so it cannot end the list or start a section. */
export function renderMemories(memories: PromptMemory[], prefix: string): string {
  if (memories.length === 0) return '(none)';
  return memories
    .map((m) => {
      const meta = m.mentionedAt ? `${m.type}, said ${m.mentionedAt.slice(0, 10)}` : m.type;
      return `${prefix}${m.label} (${meta}) ${jsonLiteral(m.text)}`;
    })
    .join('\n');
}
