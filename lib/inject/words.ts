// What Engram says on a chat page (#37): the button, the frame's title, an insert's outcome. A content script
// cannot read storage (lib/background/storage-access.ts) and has no room for catalogues (50 kB), so the
// background sends the person's language's words with the site switch, before the button shows
// (lib/page/switch.ts), and again when the language changes. Only the button's label has a fallback, for a
// page whose background never answered.
import type { z } from 'zod/mini';
import type { PageWords as Words } from '../model/messages';

export type PageWords = z.infer<typeof Words>;
export type PageWord = keyof PageWords;

let words: Partial<PageWords> = {};

export const setPageWords = (next: PageWords | undefined) => void (next && (words = next));

export const pageWord = (key: PageWord) => words[key] ?? '';

/** "Insert memory (3)". */
export const insertLabel = (count: number | null) =>
  (count ? words.insertCount?.replace('{{count}}', String(count)) : words.insert) ?? 'Insert memory';
