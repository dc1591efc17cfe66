// The three tools an agent sees (#27). Each asks the extension through the link; what comes back was validated
// there and is validated again here against the tool's own result schema. A failure is one sentence.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod/mini';
import {
  ListArgs,
  ListResult,
  RememberArgs,
  RememberResult,
  SearchArgs,
  SearchResult,
  type Agent,
  type Call,
} from '../../lib/model/agent-wire';
import type { ExtensionLink } from './link';
import { Plain, SAY } from './say';

const TOOLS = {
  search_memory: {
    title: 'Search my memory',
    description:
      'Find what the person has told their AI chats that bears on a text: their memories and quotes from past chats, ranked and cut to a token budget, with each line’s type, date and site, plus the block Engram would insert into a chat. Use it before answering anything that depends on who the person is, what they prefer or what they did.',
    inputSchema: SearchArgs,
    outputSchema: SearchResult,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  list_memories: {
    title: 'List my memories',
    description:
      'List the memories Engram holds, newest first, optionally of one type (profile, preference, instruction, event, correction). Deleted memories and those waiting for review are not included.',
    inputSchema: ListArgs,
    outputSchema: ListResult,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  remember: {
    title: 'Propose a memory',
    description:
      'Propose a new memory about the person (one short fact or preference in their words). It is not used until the person approves it in Engram’s Review; say so when you use this tool.',
    inputSchema: RememberArgs,
    outputSchema: RememberResult,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
} as const;

function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** What the agent sees: the JSON in a text block (MCP's advice for clients without structured content). */
export async function answer(
  link: ExtensionLink | string,
  tool: Call['tool'],
  args: Call['args'],
  agent: Agent,
): Promise<CallToolResult> {
  // No link: why the server has no usable secret (a file others can read, none at all…), then what to do.
  if (typeof link === 'string') return failure(`${SAY.noSecret} Here: ${link}.`);
  try {
    const data = await link.call(tool, args, agent);
    const parsed = (TOOLS[tool].outputSchema as z.ZodMiniType).safeParse(data);
    if (!parsed.success) return failure(SAY.malformed);
    const result = parsed.data as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
  } catch (e) {
    // Only plain sentences reach the agent; anything else is this server's bug, said without its stack.
    return failure(e instanceof Plain ? e.message : SAY.dropped);
  }
}

/**
 * Registers the tools; `agent` reads the MCP client's name and version from its `initialize`. `link` is the link
 * to the extension, or why there is none.
 */
export function registerTools(server: McpServer, link: ExtensionLink | string, agent: () => Agent): void {
  server.registerTool('search_memory', TOOLS.search_memory, (args) =>
    answer(link, 'search_memory', args, agent()),
  );
  server.registerTool('list_memories', TOOLS.list_memories, (args) =>
    answer(link, 'list_memories', args, agent()),
  );
  server.registerTool('remember', TOOLS.remember, (args) => answer(link, 'remember', args, agent()));
}
