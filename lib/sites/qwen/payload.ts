// Qwen Chat's conversation JSON, as its chat page loads it (open-source clients and exporters of 2025-2026 read the
// page's own call): `GET /api/v2/chats/<id>` → {success, data: {id, title, created_at, chat: {history: {messages:
// {<id>: {id, parentId, role, content, content_list?: [{content, phase}], timestamp}}, currentId}}}}. Qwen Chat is
// built on Open WebUI's message tree: the branch the page shows runs from `currentId` up through `parentId`. An
// answer's `content_list` holds its phases; only the `answer` phase is what the person reads (`think` is the
// reasoning the page folds away). Pure; unknown keys are dropped.
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

const Text = z.optional(z.nullable(z.string()));

const Message = z.object({
  id: z.string(),
  parentId: Text,
  role: z.string(),
  content: Text,
  content_list: z.optional(z.nullable(z.array(z.object({ content: Text, phase: Text })))),
  timestamp: z.optional(z.nullable(z.number())),
});
export type QwenMessage = z.infer<typeof Message>;

export const QwenChat = z.object({
  success: z.optional(z.boolean()),
  data: z.object({
    id: z.string(),
    title: Text,
    created_at: z.optional(z.nullable(z.number())),
    chat: z.object({
      history: z.object({ messages: z.record(z.string(), Message), currentId: Text }),
    }),
  }),
});
export type QwenChat = z.infer<typeof QwenChat>;

function messageText(message: QwenMessage): string {
  const phases = message.content_list ?? [];
  const raw =
    phases.length > 0
      ? phases
          .filter((p) => (p.phase ?? 'answer') === 'answer')
          .map((p) => p.content ?? '')
          .join('')
      : (message.content ?? '');
  return raw.trim();
}

function toTurn(message: QwenMessage): ApiTurn | null {
  if (message.role !== 'user' && message.role !== 'assistant') return null;
  const text = messageText(message);
  const createdAt = message.timestamp ? isoTime(message.timestamp) : null;
  return text ? { id: message.id, role: message.role, text, createdAt } : null;
}

/** The branch from the current message up through its parents, root first. */
export function qwenConversation(chat: QwenChat['data']): ApiConversation {
  const { messages, currentId } = chat.chat.history;
  const branch: QwenMessage[] = [];
  const seen = new Set<string>();
  for (let id = currentId ?? null; id && !seen.has(id); id = messages[id]?.parentId ?? null) {
    seen.add(id);
    const message = messages[id];
    if (message) branch.unshift(message);
  }
  return {
    id: chat.id,
    title: chat.title ?? '',
    private: false,
    createdAt: chat.created_at ? isoTime(chat.created_at) : null,
    turns: branch.map(toTurn).filter((t): t is ApiTurn => t !== null),
  };
}
