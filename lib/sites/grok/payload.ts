// Grok's conversation JSON, as its chat page loads it (open-source exporters' and a userscript's request notes of
// 2025-2026, which read the page's own calls): the chat (`GET /rest/app-chat/conversations_v2/<id>?
// includeWorkspaces=true&includeTaskResult=true` → {conversation: {conversationId, title, createTime, temporary,
// workspaces}}), its response tree (`GET …/conversations/<id>/response-node?includeThreads=true` → {responseNodes:
// [{responseId, sender, parentResponseId}]}) and the responses on one branch (`POST …/load-responses` {responseIds}
// → {responses: [{responseId, message, sender, createTime, parentResponseId, partial}]}). `sender` is "human" for
// the person (any case), anything else is Grok. Pure; unknown keys are dropped.
import { z } from 'zod/mini';
import { isoTime, type ApiConversation, type ApiTurn } from '../api-types';

const Text = z.optional(z.nullable(z.string()));

export const GrokChat = z.object({
  conversation: z.object({
    conversationId: z.string(),
    title: Text,
    createTime: Text,
    // The new-chat request's `temporary` (open-source clients); that the chat's JSON returns it is assumed, not
    // seen. TODO(2027-06): confirm on a private chat's JSON.
    temporary: z.optional(z.nullable(z.boolean())),
    // What `includeWorkspaces=true` adds: the project the chat belongs to. Shape assumed from the query's name
    // and Grok's project ids; no capture shows it. TODO(2027-06): confirm on a project chat's JSON.
    workspaces: z.optional(z.nullable(z.array(z.object({ workspaceId: z.string(), name: Text })))),
  }),
});
export type GrokChat = z.infer<typeof GrokChat>;

export const GrokNodes = z.object({
  responseNodes: z.array(z.object({ responseId: z.string(), sender: Text, parentResponseId: Text })),
});
export type GrokNodes = z.infer<typeof GrokNodes>;

const Response = z.object({
  responseId: z.string(),
  message: Text,
  sender: Text,
  createTime: Text,
  partial: z.optional(z.nullable(z.boolean())),
});
export type GrokResponse = z.infer<typeof Response>;

export const GrokResponses = z.object({ responses: z.array(Response) });

/**
 * The branch the page shows, root first: from the newest response (the last node, as the page lists them in the
 * order they were written) up through its parents. A regenerated answer is a sibling written later, so the page's
 * current branch ends at the last node. TODO(2027-06): confirm against a chat with a switched-back branch.
 */
export function visibleBranch(nodes: GrokNodes['responseNodes']): string[] {
  const parent = new Map(nodes.map((n) => [n.responseId, n.parentResponseId ?? null]));
  const branch: string[] = [];
  const seen = new Set<string>();
  for (let id = nodes.at(-1)?.responseId ?? null; id && !seen.has(id); id = parent.get(id) ?? null) {
    seen.add(id);
    branch.unshift(id);
  }
  return branch;
}

function toTurn(response: GrokResponse): ApiTurn | null {
  // A response still being written is read once it is done.
  if (response.partial) return null;
  const text = (response.message ?? '').trim();
  if (!text) return null;
  const role = (response.sender ?? '').toLowerCase() === 'human' ? 'user' : 'assistant';
  return { id: response.responseId, role, text, createdAt: isoTime(response.createTime) };
}

export function grokConversation(
  chat: GrokChat['conversation'],
  branch: readonly string[],
  responses: readonly GrokResponse[],
): ApiConversation {
  const byId = new Map(responses.map((r) => [r.responseId, r]));
  const turns = branch.flatMap((id) => {
    const response = byId.get(id);
    const turn = response ? toTurn(response) : null;
    return turn ? [turn] : [];
  });
  const workspace = chat.workspaces?.[0];
  return {
    id: chat.conversationId,
    title: chat.title ?? '',
    private: chat.temporary === true,
    createdAt: isoTime(chat.createTime),
    turns,
    project: workspace ? { id: workspace.workspaceId, name: workspace.name ?? null } : null,
  };
}
