import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import { anthropicProvider } from './anthropic';
import { fetchWithRetry, retryAfterMs } from './http';
import { openAiProvider } from './openai';
import { estimateCostUsd } from './prices';
import { scriptedProvider } from './scripted';
import { ProviderOutputError } from './types';

const Out = z.object({ items: z.array(z.string()) });
const req = { system: 'sys', user: 'hello', schema: Out, schemaName: 'items' };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('structured layer', () => {
  test('one corrective retry carries the validation error, then succeeds', async () => {
    const p = scriptedProvider(['{"items": [1]}', '{"items": ["fixed"]}']);
    const out = await p.complete(req);
    expect(out.data).toEqual({ items: ['fixed'] });
    expect(out.usage).toHaveLength(2);
    expect(p.requests[1]?.messages.at(-1)?.content).toMatch(/items\.0/);
    expect(p.requests[1]?.messages[1]).toEqual({ role: 'assistant', content: '{"items": [1]}' });
  });

  test('a second failure throws ProviderOutputError and makes no third call', async () => {
    const p = scriptedProvider(['nope', 'still nope', '{"items":[]}']);
    await expect(p.complete(req)).rejects.toBeInstanceOf(ProviderOutputError);
    expect(p.requests).toHaveLength(2);
  });
});

describe('http', () => {
  test('Retry-After in seconds and as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5_000)).toBe(5000);
    expect(retryAfterMs(null)).toBeNull();
  });

  test('429 waits for Retry-After, 5xx backs off exponentially, 4xx fails at once', async () => {
    const waits: number[] = [];
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({}, 429, { 'retry-after': '2' }))
      .mockResolvedValueOnce(json({}, 503))
      .mockResolvedValueOnce(json({}, 502))
      .mockResolvedValueOnce(json({ ok: 1 }));
    const sleep = async (ms: number) => void waits.push(ms);
    const res = await fetchWithRetry('https://x.test/', {}, { fetch: fetchMock, sleep, baseDelayMs: 100 });
    expect(res.ok).toBe(true);
    expect(waits).toEqual([2000, 200, 400]);
    const bad = vi.fn<typeof fetch>().mockResolvedValue(json({ error: 'bad key' }, 401));
    await expect(fetchWithRetry('https://x.test/', {}, { fetch: bad, sleep })).rejects.toThrow(
      /401.*bad key/,
    );
    expect(bad).toHaveBeenCalledTimes(1);
  });

  test('cancellation stops a pending call', async () => {
    const ctl = new AbortController();
    const hanging: typeof fetch = (_u, init) =>
      new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const call = fetchWithRetry('https://x.test/', {}, { fetch: hanging, signal: ctl.signal });
    ctl.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow('cancelled');
  });

  test('a timeout is reported plainly', async () => {
    const hanging: typeof fetch = (_u, init) =>
      new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    await expect(fetchWithRetry('https://x.test/', {}, { fetch: hanging, timeoutMs: 20 })).rejects.toThrow(
      /No answer within 20 ms/,
    );
  });
});

describe('openai-compatible', () => {
  test('sends json_schema, falls back to json_object when refused, reports usage and cost', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ error: { message: 'response_format json_schema unsupported' } }, 400))
      .mockResolvedValueOnce(
        json({
          choices: [{ message: { content: '{"items":["x"]}' } }],
          usage: { prompt_tokens: 1000, completion_tokens: 100 },
        }),
      );
    const p = openAiProvider({
      baseUrl: 'https://api.openai.com/v1/',
      apiKey: 'k',
      model: 'gpt-4o-mini',
      http: { fetch: fetchMock },
    });
    const out = await p.complete(req);
    expect(out.data.items).toEqual(['x']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.openai.com/v1/chat/completions');
    expect(JSON.parse(String(init?.body)).response_format.type).toBe('json_schema');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body)).response_format).toEqual({
      type: 'json_object',
    });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer k');
    expect(out.usage[0]).toMatchObject({ promptTokens: 1000, completionTokens: 100 });
    expect(out.usage[0]?.costUsd).toBeCloseTo(0.00021);
  });
});

describe('anthropic', () => {
  test('forces a tool with the schema and reads its input', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      json({
        content: [{ type: 'tool_use', name: 'items', input: { items: ['y'] } }],
        usage: { input_tokens: 10, output_tokens: 5 },
      }),
    );
    const p = anthropicProvider({ apiKey: 'ak', model: 'claude-haiku-4-5', http: { fetch: fetchMock } });
    expect((await p.complete(req)).data.items).toEqual(['y']);
    const init = fetchMock.mock.calls[0]![1];
    const headers = new Headers(init?.headers);
    expect(headers.get('anthropic-dangerous-direct-browser-access')).toBe('true');
    expect(headers.get('x-api-key')).toBe('ak');
    const sent = JSON.parse(String(init?.body));
    expect(sent.tool_choice).toEqual({ type: 'tool', name: 'items' });
    expect(sent.tools[0].input_schema.properties.items.type).toBe('array');
  });
});

test('prices: known models are estimated, unknown ones are null', () => {
  expect(estimateCostUsd('openai/gpt-4o-mini', 1_000_000, 0)).toBeCloseTo(0.15);
  expect(estimateCostUsd('llama3.2:3b', 100, 100)).toBeNull();
});
