// Claude's conversation JSON (GET …/chat_conversations/{id}?tree=True&rendering_mode=messages, and each item of a
// data export's conversations.json) → the visible branch. Pure; unknown keys are dropped, never fatal (#3).
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

/** Parent of the first message in every tree (#3). */
export const ROOT_UUID = '00000000-0000-4000-8000-000000000000';

const Block = z.object({ type: z.string(), text: z.optional(z.nullable(z.string())) });

const ChatMessage = z.object({
  uuid: z.string(),
  sender: z.string(),
  parent_message_uuid: z.optional(z.nullable(z.string())),
  created_at: z.optional(z.nullable(z.string())),
  content: z.optional(z.nullable(z.array(Block))),
  text: z.optional(z.nullable(z.string())),
});
type ChatMessage = z.infer<typeof ChatMessage>;

export const ClaudeConversation = z.object({
  uuid: z.string(),
  name: z.optional(z.nullable(z.string())),
  created_at: z.optional(z.nullable(z.string())),
  is_temporary: z.optional(z.nullable(z.boolean())),
  current_leaf_message_uuid: z.optional(z.nullable(z.string())),
  chat_messages: z.array(ChatMessage),
});
export type ClaudeConversation = z.infer<typeof ClaudeConversation>;

// Only `text` blocks are the answer; `thinking`, `tool_use`, `tool_result` (and the vendor memory tool's calls)
// are not. The flat `text` field can hold thinking mixed with the answer (claude-export-2025), so it is read
// only when a message has no blocks at all.
function messageText(message: ChatMessage): string {
  if (!message.content || message.content.length === 0) return (message.text ?? '').trim();
  return message.content
    .filter((block) => block.type === 'text')
    .map((block) => (block.text ?? '').trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

/** Walks from the current leaf by parent links; without a leaf (exports), the messages are the branch. */
function visibleBranch(conv: ClaudeConversation): ChatMessage[] | null {
  const leaf = conv.current_leaf_message_uuid;
  if (!leaf) return conv.chat_messages;
  const byId = new Map(conv.chat_messages.map((m) => [m.uuid, m]));
  const branch: ChatMessage[] = [];
  for (let id: string | null = leaf; id !== null && id !== ROOT_UUID;) {
    const message = byId.get(id);
    if (!message || branch.includes(message)) return null;
    branch.push(message);
    id = message.parent_message_uuid ?? null;
  }
  return branch.reverse();
}

function toTurn(message: ChatMessage): ApiTurn | null {
  if (message.sender !== 'human' && message.sender !== 'assistant') return null;
  const text = messageText(message);
  if (text === '') return null;
  return {
    id: message.uuid,
    role: message.sender === 'human' ? 'user' : 'assistant',
    text,
    createdAt: isoTime(message.created_at),
  };
}

export function claudeConversation(conv: ClaudeConversation): ApiConversation | string {
  const branch = visibleBranch(conv);
  if (!branch) return 'current_leaf_message_uuid does not lead to the root';
  return {
    id: conv.uuid,
    title: conv.name ?? '',
    private: conv.is_temporary === true,
    createdAt: isoTime(conv.created_at),
    turns: branch.map(toTurn).filter((t): t is ApiTurn => t !== null),
  };
}
