// Local model weights (#35): into web-llm's own caches, at one commit, with sizes, resumable, deletable.
import { describe, expect, test } from 'vitest';
import type { WebLlmDownload } from '../model/webllm';
import { modelInfo, type WebLlmModelInfo } from '../providers/webllm-models';
import { deleteModel, downloadModel, pinRevision, type DownloadEnv } from './webllm-download';

const QWEN = modelInfo('Qwen2.5-0.5B-Instruct-q4f16_1-MLC') as WebLlmModelInfo;
const GEMMA32 = modelInfo('gemma-2-2b-it-q4f32_1-MLC') as WebLlmModelInfo;
const REV = QWEN.rev as string;
const BASE = `https://huggingface.co/mlc-ai/${QWEN.id}/resolve/${REV}/`;

function memoryCaches() {
  const scopes = new Map<string, Map<string, Response>>();
  const open = async (scope: string) => {
    const entries = scopes.get(scope) ?? new Map<string, Response>();
    scopes.set(scope, entries);
    return {
      match: async (url: string) => entries.get(url)?.clone(),
      put: async (url: string, response: Response) => void entries.set(url, response),
      keys: async () => [...entries.keys()].map((u) => new Request(u)),
      delete: async (r: Request) => entries.delete(r.url),
    };
  };
  return { caches: { open } as unknown as CacheStorage, scopes };
}

const FILES: Record<string, unknown> = {
  'mlc-chat-config.json': { tokenizer_files: ['tokenizer.json', 'vocab.json'], conv_template: {} },
  'tokenizer.json': { model: {} },
  'ndarray-cache.json': {
    records: [
      { dataPath: 'params_shard_0.bin', nbytes: 1000 },
      { dataPath: 'params_shard_1.bin', nbytes: 500 },
    ],
  },
};

function server(refuse: string[] = []) {
  const asked: string[] = [];
  const fetchFn = (async (url: string) => {
    asked.push(url);
    const file = url.slice(url.lastIndexOf('/') + 1);
    if (refuse.includes(file)) return new Response('no', { status: 403 });
    if (file in FILES) return Response.json(FILES[file]);
    if (file.startsWith('params_shard_')) return new Response(new Uint8Array(10));
    if (url.endsWith('/revision/main')) return Response.json({ sha: 'a'.repeat(40) });
    return new Response('missing', { status: 404 });
  }) as unknown as typeof fetch;
  return { fetchFn, asked };
}

function env(fetchFn: typeof fetch, caches: CacheStorage) {
  const reports: WebLlmDownload[] = [];
  const e: DownloadEnv = { fetch: fetchFn, caches, report: (d) => reports.push(d) };
  return { e, reports };
}

describe('downloading a model', () => {
  test("every file at the pinned commit, into web-llm's caches, with the total known before the shards", async () => {
    const { fetchFn, asked } = server();
    const { caches, scopes } = memoryCaches();
    const { e, reports } = env(fetchFn, caches);
    await downloadModel(QWEN, REV, e);
    expect(asked.map((u) => u.replace(BASE, ''))).toEqual([
      'mlc-chat-config.json',
      'tokenizer.json',
      'ndarray-cache.json',
      'params_shard_0.bin',
      'params_shard_1.bin',
    ]);
    expect([...(scopes.get('webllm/config')?.keys() ?? [])]).toEqual([`${BASE}mlc-chat-config.json`]);
    expect(scopes.get('webllm/model')?.size).toBe(4);
    expect(reports.map((r) => [r.state, r.doneBytes, r.totalBytes])).toEqual([
      ['downloading', 0, 0],
      ['downloading', 1000, 1500],
      ['downloading', 1500, 1500],
      ['ready', 1500, 1500],
    ]);
  });

  test('after an interruption, cached files are not fetched again', async () => {
    const { caches } = memoryCaches();
    const first = server(['params_shard_1.bin']);
    await expect(downloadModel(QWEN, REV, env(first.fetchFn, caches).e)).rejects.toThrow();
    const second = server();
    const { e, reports } = env(second.fetchFn, caches);
    await downloadModel(QWEN, REV, e);
    expect(second.asked).toEqual([`${BASE}params_shard_1.bin`]);
    expect(reports.at(-1)).toMatchObject({ state: 'ready', doneBytes: 1500, totalBytes: 1500 });
  });

  test('a refused file ends the download with its name and the server’s answer', async () => {
    const { fetchFn } = server(['params_shard_1.bin']);
    await expect(downloadModel(QWEN, REV, env(fetchFn, memoryCaches().caches).e)).rejects.toMatchObject({
      failure: { code: 'refused', file: 'params_shard_1.bin', status: 403 },
    });
  });

  test('a model without a pinned commit asks which commit main is, once, and uses that commit', async () => {
    const { fetchFn, asked } = server();
    expect(await pinRevision(QWEN, env(fetchFn, memoryCaches().caches).e)).toBe(REV);
    expect(asked).toEqual([]);
    expect(GEMMA32.rev).toBeNull();
    expect(await pinRevision(GEMMA32, env(fetchFn, memoryCaches().caches).e)).toBe('a'.repeat(40));
    expect(asked).toEqual([`https://huggingface.co/api/models/mlc-ai/${GEMMA32.repo}/revision/main`]);
  });

  test('Delete removes that model’s files and no other’s', async () => {
    const { fetchFn } = server();
    const { caches, scopes } = memoryCaches();
    await downloadModel(QWEN, REV, env(fetchFn, caches).e);
    await (
      await caches.open('webllm/model')
    ).put('https://huggingface.co/mlc-ai/other/resolve/x/a.bin', new Response('x'));
    expect(await deleteModel(QWEN, REV, caches)).toBe(5);
    expect([...(scopes.get('webllm/model')?.keys() ?? [])]).toEqual([
      'https://huggingface.co/mlc-ai/other/resolve/x/a.bin',
    ]);
  });
});
