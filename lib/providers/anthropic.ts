// Anthropic Messages API called from the extension (the direct-browser-access header is required for
// browser origins). Structured output comes back as the input of a forced tool call (#4).
import { z } from 'zod/mini';
import { fetchWithRetry, type HttpOptions } from './http';
import { makeProvider } from './structured';
import type { Provider, RawRequest, RawReply } from './types';

export const ANTHROPIC_URL = 'https://api.anthropic.com/v1/messages';

export interface AnthropicConfig {
  apiKey: string;
  model: string;
  baseUrl?: string;
  http?: HttpOptions;
}

const Block = z.object({ type: z.string(), text: z.optional(z.string()), input: z.optional(z.unknown()) });
const Reply = z.object({
  content: z.array(Block),
  usage: z.optional(z.object({ input_tokens: z.number(), output_tokens: z.number() })),
});

function body(cfg: AnthropicConfig, req: RawRequest): string {
  return JSON.stringify({
    model: cfg.model,
    max_tokens: 4096,
    temperature: 0,
    system: req.system,
    messages: req.messages,
    tools: [{ name: req.schemaName, description: 'Record the result.', input_schema: req.jsonSchema }],
    tool_choice: { type: 'tool', name: req.schemaName },
  });
}

export function anthropicProvider(cfg: AnthropicConfig): Provider {
  const headers = {
    'content-type': 'application/json',
    'x-api-key': cfg.apiKey,
    'anthropic-version': '2023-06-01',
    'anthropic-dangerous-direct-browser-access': 'true',
  };
  async function send(req: RawRequest): Promise<RawReply> {
    const init = { method: 'POST', headers, body: body(cfg, req) };
    const res = await fetchWithRetry(cfg.baseUrl ?? ANTHROPIC_URL, init, { ...cfg.http, signal: req.signal });
    const parsed = Reply.parse(await res.json());
    const tool = parsed.content.find((b) => b.type === 'tool_use');
    // The tool input is already an object; text blocks are the fallback the shared parser can repair.
    const text = tool ? JSON.stringify(tool.input) : parsed.content.map((b) => b.text ?? '').join('');
    return {
      text,
      promptTokens: parsed.usage?.input_tokens ?? 0,
      completionTokens: parsed.usage?.output_tokens ?? 0,
    };
  }
  return makeProvider('anthropic', cfg.model, send);
}
