// ChatGPT's conversation JSON (GET /backend-api/conversation/{id}, and each item of a data export's
// conversations.json) → the visible branch. Pure. zod/mini objects drop unknown keys, so new fields never break
// parsing; only a missing `mapping` or a broken branch does (#3).
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

export const ChatgptMessage = z.object({
  id: z.string(),
  author: z.object({ role: z.string() }),
  recipient: z.optional(z.nullable(z.string())),
  channel: z.optional(z.nullable(z.string())),
  create_time: z.optional(z.nullable(z.number())),
  content: z.object({
    content_type: z.string(),
    parts: z.optional(z.nullable(z.array(z.unknown()))),
    text: z.optional(z.nullable(z.string())),
  }),
  metadata: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
type Message = z.infer<typeof ChatgptMessage>;

const Node = z.object({
  message: z.optional(z.nullable(ChatgptMessage)),
  parent: z.optional(z.nullable(z.string())),
});

export const ChatgptConversation = z.object({
  title: z.optional(z.nullable(z.string())),
  current_node: z.optional(z.nullable(z.string())),
  mapping: z.record(z.string(), Node),
  create_time: z.optional(z.nullable(z.number())),
  // 2025 exports and the API name the id either way.
  id: z.optional(z.string()),
  conversation_id: z.optional(z.string()),
  is_do_not_remember: z.optional(z.nullable(z.boolean())),
});
export type ChatgptConversation = z.infer<typeof ChatgptConversation>;

// Only prose a person reads as the conversation. Everything else is a tool call, hidden reasoning or the
// vendor's own memory and custom instructions (`model_editable_context`, `user_editable_context`), which
// must never be captured back as something the user said (#3 fencing).
const READABLE = new Set(['text', 'multimodal_text']);

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  // multimodal_text holds image pointers beside text parts; only text is kept.
  if (part && typeof part === 'object' && 'text' in part && typeof part.text === 'string') return part.text;
  return '';
}

function messageText(message: Message): string {
  const { parts, text } = message.content;
  const pieces = parts ? parts.map(partText) : [text ?? ''];
  return pieces
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

/** Why a message is not a visible turn, or null when it is one. */
export function skipReason(message: Message): string | null {
  const role = message.author.role;
  if (role !== 'user' && role !== 'assistant') return `${role} message`;
  if ((message.recipient ?? 'all') !== 'all') return 'tool call';
  if (message.channel === 'analysis') return 'hidden reasoning';
  if (message.metadata?.is_visually_hidden_from_conversation === true) return 'hidden message';
  if (!READABLE.has(message.content.content_type)) return message.content.content_type;
  if (messageText(message) === '') return 'empty message';
  return null;
}

/** Message ids from the root to `current_node`, following `parent` links; null on a broken or cyclic chain. */
export function visibleBranch(conv: ChatgptConversation): string[] | null {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (let id = conv.current_node ?? null; id !== null;) {
    const node = conv.mapping[id];
    if (!node || seen.has(id)) return null;
    seen.add(id);
    ids.push(id);
    id = node.parent ?? null;
  }
  return ids.reverse();
}

/** One message as a visible turn, or null when it is skipped. */
export function messageTurn(message: Message): ApiTurn | null {
  return skipReason(message) === null ? toTurn(message) : null;
}

function toTurn(message: Message): ApiTurn {
  return {
    id: message.id,
    role: message.author.role === 'user' ? 'user' : 'assistant',
    text: messageText(message),
    createdAt: isoTime(message.create_time),
  };
}

/** The turns a person sees, or a reason the payload cannot give them. */
export function chatgptConversation(conv: ChatgptConversation): ApiConversation | string {
  if (!conv.current_node) return 'no current_node';
  const branch = visibleBranch(conv);
  if (!branch) return 'current_node does not lead to the root';
  const turns = branch
    .map((id) => conv.mapping[id]?.message)
    .filter((m): m is Message => !!m && skipReason(m) === null)
    .map(toTurn);
  return {
    id: conv.conversation_id ?? conv.id ?? '',
    title: conv.title ?? '',
    private: conv.is_do_not_remember === true,
    createdAt: isoTime(conv.create_time),
    turns,
  };
}
