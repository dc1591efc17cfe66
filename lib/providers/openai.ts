// OpenAI-compatible chat completions: OpenAI, OpenRouter, Groq, Together, Ollama, LM Studio, vLLM (#4).
// json_schema response_format where the server supports it; json_object when it refuses it.
import { z } from 'zod/mini';
import { fetchWithRetry, ProviderHttpError, type HttpOptions } from './http';
import { makeProvider } from './structured';
import { API_LIMITS, LOCAL_LIMITS } from './limits';
import type { Provider, RawRequest, RawReply } from './types';

const PRIVATE_HOST =
  /^(localhost|.*\.local|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|0\.0\.0\.0|\[::1\])$/i;

export function isLocalEndpoint(baseUrl: string): boolean {
  try {
    return PRIVATE_HOST.test(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  http?: HttpOptions;
}

const Reply = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.nullable(z.string()) }) })),
  usage: z.optional(z.object({ prompt_tokens: z.number(), completion_tokens: z.number() })),
});

export function chatUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

function responseFormat(req: RawRequest, schemaMode: boolean) {
  return schemaMode
    ? { type: 'json_schema', json_schema: { name: req.schemaName, schema: req.jsonSchema, strict: false } }
    : { type: 'json_object' };
}

function body(cfg: OpenAiConfig, req: RawRequest, schemaMode: boolean, maxTokens?: number): string {
  const system = schemaMode
    ? req.system
    : `${req.system}\n\nReply with one JSON object matching this JSON schema:\n${JSON.stringify(req.jsonSchema)}`;
  return JSON.stringify({
    model: cfg.model,
    temperature: 0,
    messages: [{ role: 'system', content: system }, ...req.messages],
    response_format: responseFormat(req, schemaMode),
    // Only for local servers: OpenAI's newer models refuse max_tokens (they take max_completion_tokens).
    ...(maxTokens ? { max_tokens: maxTokens } : {}),
  });
}

export function openAiProvider(cfg: OpenAiConfig): Provider {
  const limits = isLocalEndpoint(cfg.baseUrl) ? LOCAL_LIMITS : API_LIMITS;
  const maxTokens = limits === LOCAL_LIMITS ? limits.outputTokens : undefined;
  let schemaMode = true;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
  async function post(req: RawRequest): Promise<Response> {
    const init = { method: 'POST', headers, body: body(cfg, req, schemaMode, maxTokens) };
    return fetchWithRetry(chatUrl(cfg.baseUrl), init, { ...cfg.http, signal: req.signal });
  }
  async function send(req: RawRequest): Promise<RawReply> {
    let res: Response;
    try {
      res = await post(req);
    } catch (e) {
      // Servers without json_schema answer 400 naming response_format; fall back once and remember.
      if (!(e instanceof ProviderHttpError) || e.status !== 400 || !schemaMode) throw e;
      if (!/response_format|json_schema/i.test(e.message)) throw e;
      schemaMode = false;
      res = await post(req);
    }
    const parsed = Reply.parse(await res.json());
    return {
      text: parsed.choices[0]?.message.content ?? '',
      promptTokens: parsed.usage?.prompt_tokens ?? 0,
      completionTokens: parsed.usage?.completion_tokens ?? 0,
    };
  }
  return makeProvider('openai', cfg.model, send, limits);
}
