// Le Chat's conversation JSON: the tRPC procedures its chat page batches on load (an open-source exporter's
// request of 2025-2026: `GET /api/trpc/chat.byId,…,message.all,…?batch=1&input=…`), read here as two of them.
// A batch answers with one `{result: {data: {json}}}` (or `{error}`) per procedure, in order; `json` is superjson's
// plain half. chat.byId -> {id, title, …}; message.all -> {items: [{id, role, content, contentChunks?: [{type:
// "text", text} | {type: "reference", referenceIds} | {type: "tool_call", …}], createdAt, chatId}], nextCursor}
// (the exporter's parser; it sorts items by createdAt, as done here). Pure; unknown keys are dropped.
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

const Text = z.optional(z.nullable(z.string()));

export const LechatChat = z.object({
  id: z.string(),
  title: Text,
  createdAt: Text,
  // `message.newChat` takes `incognito` and `projectId` (open-source clients, 2025-2026); that chat.byId returns
  // them is assumed, not seen. TODO(2027-05): confirm on a capture of chat.byId for an incognito and a project chat.
  incognito: z.optional(z.nullable(z.boolean())),
  projectId: Text,
});
export type LechatChatJson = z.infer<typeof LechatChat>;

const Chunk = z.object({ type: z.string(), text: Text });

export const LechatMessage = z.object({
  id: z.string(),
  role: z.string(),
  content: Text,
  contentChunks: z.optional(z.nullable(z.array(Chunk))),
  createdAt: Text,
});
export type LechatMessage = z.infer<typeof LechatMessage>;

export const LechatMessages = z.object({
  items: z.array(LechatMessage),
  nextCursor: z.optional(z.unknown()),
});

/** One procedure's answer in a tRPC batch. */
export const TrpcResult = z.object({
  result: z.optional(z.object({ data: z.object({ json: z.unknown() }) })),
  error: z.optional(z.unknown()),
});

// Only text chunks are what the person reads: references render as chips, tool calls and reasoning as rows.
function messageText(message: LechatMessage): string {
  const chunks = message.contentChunks ?? [];
  const raw =
    chunks.length > 0
      ? chunks.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('')
      : message.content;
  return (raw ?? '').trim();
}

function toTurn(message: LechatMessage): ApiTurn | null {
  if (message.role !== 'user' && message.role !== 'assistant') return null;
  const text = messageText(message);
  return text ? { id: message.id, role: message.role, text, createdAt: isoTime(message.createdAt) } : null;
}

const time = (m: LechatMessage) => (m.createdAt ? Date.parse(m.createdAt) : NaN);

/** Messages in the order they were written; ties and undated messages keep the order they came in. */
export function lechatConversation(
  chat: z.infer<typeof LechatChat>,
  messages: LechatMessage[],
): ApiConversation {
  // Pages may overlap at their edges: one message once, the last copy read.
  const unique = [...new Map(messages.map((m) => [m.id, m])).values()];
  const ordered = unique
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (time(a.m) || 0) - (time(b.m) || 0) || a.i - b.i)
    .map(({ m }) => m);
  return {
    id: chat.id,
    title: chat.title ?? '',
    private: chat.incognito === true,
    createdAt: isoTime(chat.createdAt),
    turns: ordered.map(toTurn).filter((t): t is ApiTurn => t !== null),
    project: chat.projectId ? { id: chat.projectId, name: null } : null,
  };
}
