// AI Studio's saved prompt, as Google Drive keeps it (a file per prompt in Drive's "Google AI Studio" folder; the
// person downloads it and imports it in Options → Data). Shape from a real file (../shared/fixtures/exports/
// aistudio-prompt-export-2026-01.json, an open-source exporter's example) and that exporter's reader: {runSettings:
// {model, …}, systemInstruction, chunkedPrompt: {chunks: [{role: "user" | "model", text, isThought?, parts?}],
// pendingInputs}}. A thought chunk (`isThought`) is the model's reasoning, not its answer. The file names neither
// the prompt's Drive id nor its title (Drive's file name is the title), so the conversation's id is a hash of its
// first prompt (importing the same prompt again, longer, adds to the same conversation) and its title that prompt.
import { z } from 'zod/mini';
import type { ApiTurn, ExportReader, ImportParse } from '../api-types';

const Chunk = z.object({
  role: z.string(),
  text: z.optional(z.nullable(z.string())),
  isThought: z.optional(z.nullable(z.boolean())),
});

const PromptFile = z.object({
  runSettings: z.optional(z.unknown()),
  chunkedPrompt: z.object({ chunks: z.array(Chunk) }),
});

export function looksLikeAistudioPrompt(raw: unknown): boolean {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    'chunkedPrompt' in raw &&
    'runSettings' in raw
  );
}

/** FNV-1a, 32-bit, base 36: a stable id from the first prompt's text. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

function turnsOf(chunks: z.infer<typeof Chunk>[]): ApiTurn[] {
  return chunks.flatMap((chunk, i): ApiTurn[] => {
    const role = chunk.role === 'user' ? 'user' : chunk.role === 'model' ? 'assistant' : null;
    const text = (chunk.text ?? '').trim();
    if (!role || !text || chunk.isThought) return [];
    return [{ id: `chunk-${i}`, role, text, createdAt: null }];
  });
}

export function parseAistudioPrompt(raw: unknown): ImportParse<'aistudio'> {
  const parsed = PromptFile.safeParse(raw);
  if (!parsed.success) throw new Error('This is not an AI Studio prompt file: it has no chunkedPrompt.');
  const turns = turnsOf(parsed.data.chunkedPrompt.chunks);
  const first = turns.find((t) => t.role === 'user')?.text ?? '';
  const title = (first.split('\n', 1)[0] ?? '').slice(0, 80) || 'AI Studio prompt';
  if (turns.length === 0) return { conversations: [], skipped: [{ title, reason: 'no visible turns' }] };
  const id = `file-${hash(first)}`;
  // No Drive id: the link goes to the person's prompt library, where the prompt is.
  const url = 'https://aistudio.google.com/library';
  return {
    conversations: [{ site: 'aistudio', id, url, title, private: false, createdAt: null, turns }],
    skipped: [],
  };
}

export const exportReader: ExportReader<'aistudio'> = {
  site: 'aistudio',
  looks: looksLikeAistudioPrompt,
  parse: parseAistudioPrompt,
};
