// Copilot's conversation JSON, as its chat page loads it (open-source exporters of 2025-2026 read the page's own
// call): `GET /c/api/conversations/<id>/history?api-version=2` → {results: [{id, author: {type: "human" | "ai"},
// createdAt, content: [{type: "text", text} | …]}], next?}, newest message first. Only `text` parts are what the
// person reads (images and cards render as pictures). Pure; unknown keys are dropped.
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

const Text = z.optional(z.nullable(z.string()));

const Message = z.object({
  id: z.string(),
  author: z.object({ type: Text }),
  createdAt: Text,
  content: z.optional(z.nullable(z.array(z.object({ type: Text, text: Text })))),
});
export type CopilotMessage = z.infer<typeof Message>;

export const CopilotHistory = z.object({ results: z.array(Message), next: Text });

function toTurn(message: CopilotMessage): ApiTurn | null {
  const type = (message.author.type ?? '').toLowerCase();
  const role = type === 'human' ? 'user' : type === 'ai' ? 'assistant' : null;
  if (!role) return null;
  const text = (message.content ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text ?? '')
    .join('')
    .trim();
  return text ? { id: message.id, role, text, createdAt: isoTime(message.createdAt) } : null;
}

/** Oldest first: the history lists the newest message first. */
export function copilotConversation(id: string, messages: readonly CopilotMessage[]): ApiConversation {
  const turns = [...messages]
    .reverse()
    .map(toTurn)
    .filter((t): t is ApiTurn => t !== null);
  return { id, title: '', private: false, createdAt: turns[0]?.createdAt ?? null, turns };
}
