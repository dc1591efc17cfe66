// DeepSeek's conversation JSON (GET /api/v0/chat/history_messages?chat_session_id=<id>) -> the visible branch.
// Pure; unknown keys are dropped, never fatal. Shape from a real raw sample (ceyaima/deepseek-exporter,
// samples/…_raw_2025-11-22…json): `data.biz_data.chat_session` {id, title, current_message_id, inserted_at} and
// `data.biz_data.chat_messages` [{message_id, parent_id, role: USER|ASSISTANT, status, inserted_at (seconds),
// fragments: [{type: REQUEST|RESPONSE|THINK|SEARCH|…, content}]}]. Messages before fragments (early 2025) carry
// `content` and `thinking_content` instead (other exporters read both).
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

const Id = z.union([z.number(), z.string()]);

export const DeepseekFragment = z.object({ type: z.string(), content: z.optional(z.nullable(z.string())) });

export const DeepseekMessage = z.object({
  message_id: Id,
  parent_id: z.optional(z.nullable(Id)),
  role: z.string(),
  status: z.optional(z.nullable(z.string())),
  inserted_at: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  content: z.optional(z.nullable(z.string())),
  fragments: z.optional(z.nullable(z.array(DeepseekFragment))),
});
export type DeepseekMessage = z.infer<typeof DeepseekMessage>;

/** The envelope: `code`/`biz_code` 0 on success, with a message otherwise; `biz_data` is read on its own. */
export const DeepseekEnvelope = z.object({
  code: z.optional(z.number()),
  msg: z.optional(z.nullable(z.string())),
  data: z.optional(
    z.nullable(
      z.object({
        biz_code: z.optional(z.number()),
        biz_msg: z.optional(z.nullable(z.string())),
        biz_data: z.optional(z.unknown()),
      }),
    ),
  ),
});

export const DeepseekHistory = z.object({
  chat_session: z.object({
    id: z.string(),
    title: z.optional(z.nullable(z.string())),
    current_message_id: z.optional(z.nullable(Id)),
    inserted_at: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  }),
  chat_messages: z.array(DeepseekMessage),
});
export type DeepseekHistory = z.infer<typeof DeepseekHistory>;

// Only what the person typed and the answer they read. THINK is the reasoning behind "Thought for …"; SEARCH,
// TOOL_* and READ_LINK are the search and tool steps shown as rows: none of them is the answer.
const SPOKEN: Record<string, 'REQUEST' | 'RESPONSE'> = { USER: 'REQUEST', ASSISTANT: 'RESPONSE' };
// Search answers mark their sources inline as "[citation:3]"; the page shows them as pills, not text.
const CITATION = /[ \t]*\[citation:\d+\]/g;

/** The text of one kind of fragment, joined, without citation markers. */
export function fragmentText(
  fragments: readonly { type: string; content?: string | null }[],
  type: string,
): string {
  return fragments
    .filter((f) => f.type === type)
    .map((f) => f.content ?? '')
    .join('')
    .replace(CITATION, '')
    .trim();
}

export function deepseekText(message: DeepseekMessage): string {
  const wanted = SPOKEN[message.role];
  const fragments = message.fragments ?? [];
  if (!wanted) return '';
  return fragments.length > 0
    ? fragmentText(fragments, wanted)
    : (message.content ?? '').replace(CITATION, '').trim();
}

export function deepseekTurn(message: DeepseekMessage): ApiTurn | null {
  const role = message.role === 'USER' ? 'user' : message.role === 'ASSISTANT' ? 'assistant' : null;
  const text = role ? deepseekText(message) : '';
  if (!role || !text) return null;
  return { id: String(message.message_id), role, text, createdAt: isoTime(message.inserted_at) };
}

/** From the current message up through parent links; null on a broken or cyclic chain. */
export function deepseekBranch(
  messages: readonly DeepseekMessage[],
  current: string | number | null | undefined,
): DeepseekMessage[] | null {
  if (current === null || current === undefined) return [...messages];
  const byId = new Map(messages.map((m) => [String(m.message_id), m]));
  const branch: DeepseekMessage[] = [];
  for (let id: string | null = String(current); id !== null;) {
    const message = byId.get(id);
    if (!message || branch.includes(message)) return null;
    branch.push(message);
    id = message.parent_id === null || message.parent_id === undefined ? null : String(message.parent_id);
  }
  return branch.reverse();
}

export function deepseekConversation(history: DeepseekHistory): ApiConversation | string {
  const { chat_session: session, chat_messages: messages } = history;
  const branch = deepseekBranch(messages, session.current_message_id);
  if (!branch) return 'current_message_id does not lead to the root';
  return {
    id: session.id,
    title: session.title ?? '',
    // DeepSeek has no temporary or incognito chat (checked 2026-12; a 2026-03 comparison lists it among the sites
    // without one). TODO(2027-06): look again.
    private: false,
    createdAt: isoTime(session.inserted_at),
    turns: branch.map(deepseekTurn).filter((t): t is ApiTurn => t !== null),
  };
}
