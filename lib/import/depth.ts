// One record nested 100,000 deep killed a whole import (#25): JSON.parse reads it (V8 parses iteratively), but
// structured clone (the worker's postMessage, structuredClone in the background) and JSON.stringify (extension
// messaging) recurse and overflow the stack, so the worker reported "Could not read this file" and nothing was
// imported. Records are measured here without recursion and refused one by one.
import type { ImportRefusal } from '../model/messages';
import { recordLabel } from './issues';

/**
 * Real records nest at most 7 levels (a memory's history event's snapshot's source's turn ids; measured on the six
 * sample exports, ChatGPT 2023 and 2025, Claude and DeepSeek): 64 leaves room for metadata not yet seen and stays
 * far below the ~10,000 levels where cloning overflows.
 */
export const MAX_DEPTH = 64;

/** True when a value nests objects or arrays more than `limit` deep; stops as soon as it knows. */
export function nestsTooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (!item || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(item))
      if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

const TOO_DEEP = `nests deeper than ${MAX_DEPTH} levels, which no export does`;

/** The records that nest no deeper than MAX_DEPTH; each other one is added to `refused`, named by its `name` field. */
export function shallowOnly(
  records: readonly unknown[],
  kind: string,
  name: (record: unknown) => string,
  refused: ImportRefusal[],
): unknown[] {
  return records.filter((record) => {
    if (!nestsTooDeep(record)) return true;
    refused.push({ what: recordLabel(kind, record, name(record)), reason: TOO_DEEP });
    return false;
  });
}
