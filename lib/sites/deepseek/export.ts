// DeepSeek's data export (Settings -> Data -> Export all history: a zip whose conversations.json is read here).
// Shape from open-source converters of that file (DavidShiang/DeepSeek2md main.py, a langchain DeepSeekLoader):
// a list of {id, title, inserted_at (ISO), updated_at, mapping: {root: {children}, <id>: {id, parent, children,
// message: {inserted_at, model, fragments: [{type: REQUEST|THINK|RESPONSE|SEARCH…, content}]}}}}. Like ChatGPT's,
// it has a `mapping`, but no `current_node`: the export keeps every branch and does not say which one was shown.
import { z } from 'zod/mini';
import {
  isoTime,
  type ApiTurn,
  type ImportedConversation,
  type ImportParse,
  type ExportReader,
} from '../api-types';
import { DeepseekFragment, fragmentText } from './payload';
import { deepseek } from './site';

const Node = z.object({
  parent: z.optional(z.nullable(z.string())),
  children: z.optional(z.nullable(z.array(z.string()))),
  message: z.optional(
    z.nullable(
      z.object({
        inserted_at: z.optional(z.nullable(z.union([z.string(), z.number()]))),
        fragments: z.optional(z.nullable(z.array(DeepseekFragment))),
      }),
    ),
  ),
});
type Node = z.infer<typeof Node>;

const Conversation = z.object({
  id: z.string(),
  title: z.optional(z.nullable(z.string())),
  inserted_at: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  mapping: z.record(z.string(), Node),
});
type Conversation = z.infer<typeof Conversation>;

/** A DeepSeek export, not a ChatGPT one: both have `mapping`, only DeepSeek's has `inserted_at` (#24). */
export function looksLikeDeepseekExport(raw: unknown): boolean {
  const first: unknown = Array.isArray(raw) ? raw[0] : null;
  return typeof first === 'object' && first !== null && 'mapping' in first && 'inserted_at' in first;
}

/**
 * Root to leaf, taking each node's last child: a regenerate or an edit adds a child after the one it replaces,
 * and the page shows the newest one after it. A cycle or a missing node ends the walk.
 */
function newestBranch(mapping: Conversation['mapping']): [string, Node][] {
  const start = 'root' in mapping ? 'root' : Object.keys(mapping).find((id) => !mapping[id]?.parent);
  const branch: [string, Node][] = [];
  for (let id = start; id !== undefined && !branch.some(([seen]) => seen === id);) {
    const node = mapping[id];
    if (!node) break;
    branch.push([id, node]);
    id = node.children?.at(-1);
  }
  return branch;
}

function nodeTurn([id, node]: [string, Node]): ApiTurn | null {
  const fragments = node.message?.fragments ?? [];
  const has = (type: string) => fragments.some((f) => f.type === type);
  // The root has no message; a reply that never answered has reasoning only.
  const role = has('REQUEST') ? 'user' : has('RESPONSE') ? 'assistant' : null;
  const text = role ? fragmentText(fragments, role === 'user' ? 'REQUEST' : 'RESPONSE') : '';
  return role && text ? { id, role, text, createdAt: isoTime(node.message?.inserted_at) } : null;
}

function toConversation(conv: Conversation): ImportedConversation<'deepseek'> {
  return {
    site: 'deepseek',
    url: deepseek.conversationUrl(conv.id),
    id: conv.id,
    title: conv.title ?? '',
    private: false,
    createdAt: isoTime(conv.inserted_at),
    turns: newestBranch(conv.mapping)
      .map(nodeTurn)
      .filter((t): t is ApiTurn => t !== null),
  };
}

export function parseDeepseekExport(raw: unknown): ImportParse<'deepseek'> {
  if (!Array.isArray(raw)) throw new Error('This is not a DeepSeek export: conversations.json holds a list.');
  const out: ImportParse<'deepseek'> = { conversations: [], skipped: [] };
  raw.forEach((item, index) => {
    const parsed = Conversation.safeParse(item);
    const named = item && typeof item === 'object' && 'title' in item ? item.title : null;
    const title = typeof named === 'string' && named !== '' ? named : `#${index + 1}`;
    if (!parsed.success) return out.skipped.push({ title, reason: 'unexpected shape' });
    const conversation = toConversation(parsed.data);
    if (conversation.turns.length === 0) out.skipped.push({ title, reason: 'no visible turns' });
    else out.conversations.push(conversation);
  });
  return out;
}

/** Tried before ChatGPT's reader: both exports are lists with `mapping` (looksLikeDeepseekExport). */
export const exportReader: ExportReader<'deepseek'> = {
  site: 'deepseek',
  before: ['chatgpt'],
  looks: looksLikeDeepseekExport,
  parse: parseDeepseekExport,
};
