// Downloads a local model's files into the caches web-llm 0.2.79 reads them from (#35), so that loading it
// later needs no network: its configuration ("webllm/config"), tokenizer and weight shards ("webllm/model"),
// each under the URL web-llm will ask for, at one Hugging Face commit. The file list (ndarray-cache.json)
// gives every shard's size, so the total is known before the first shard; a shard already cached is not
// fetched again, so a download interrupted by a browser restart goes on from where it stopped. A file the
// server refuses ends the download with its name and the server's answer (a code Options words, #37); Retry
// continues.
import { z } from 'zod/mini';
import type { DownloadFailure, WebLlmDownload } from '../model/webllm';
import { Rev } from '../model/webllm';
import { weightsBase } from '../providers/webllm-config';
import type { WebLlmModelInfo } from '../providers/webllm-models';

export interface DownloadEnv {
  fetch: typeof fetch;
  caches: CacheStorage;
  report: (d: WebLlmDownload) => void;
  signal?: AbortSignal;
}

const ChatConfig = z.object({ tokenizer_files: z.array(z.string()) });
const FileList = z.object({
  records: z.array(z.object({ dataPath: z.string().check(z.regex(/^[\w.-]+$/)), nbytes: z.number() })),
});
const RevisionReply = z.object({ sha: Rev });

/** A download that stopped, with why as a code Options words (#37); the message is for the console. */
export class DownloadError extends Error {
  constructor(readonly failure: DownloadFailure) {
    super(`WebLLM download: ${JSON.stringify(failure)}`);
  }
}

/** `file`: null for the question which commit the model's `main` is. */
async function get(env: DownloadEnv, url: string, file: string | null): Promise<Response> {
  let response: Response;
  try {
    response = await env.fetch(url, { signal: env.signal });
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
    throw new DownloadError({ code: 'unreachable', file, error });
  }
  if (!response.ok) throw new DownloadError({ code: 'refused', file, status: response.status });
  return response;
}

/** One file into one cache, unless it is there already; returns it from the cache. */
async function cached(env: DownloadEnv, scope: string, url: string, what: string): Promise<Response> {
  const cache = await env.caches.open(scope);
  const hit = await cache.match(url);
  if (hit) return hit;
  await cache.put(url, await get(env, url, what));
  const stored = await cache.match(url);
  if (!stored) throw new DownloadError({ code: 'not-stored', file: what });
  return stored;
}

/** The model's pinned commit, or the commit its `main` is now, asked once and kept with the download. */
export async function pinRevision(m: WebLlmModelInfo, env: DownloadEnv): Promise<string> {
  if (m.rev) return m.rev;
  const url = `https://huggingface.co/api/models/mlc-ai/${m.repo}/revision/main`;
  const reply = RevisionReply.safeParse(await (await get(env, url, null)).json());
  if (!reply.success) throw new DownloadError({ code: 'no-revision' });
  return reply.data.sha;
}

async function readJson<T>(response: Response, schema: z.ZodMiniType<T>, what: string): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new DownloadError({ code: 'not-expected', file: what });
  return parsed.data;
}

/** Every file of `m` at `rev` into the caches, reporting bytes as shards arrive. */
export async function downloadModel(m: WebLlmModelInfo, rev: string, env: DownloadEnv): Promise<void> {
  const base = weightsBase(m, rev);
  const state = { model: m.id, rev, state: 'downloading' as const, doneBytes: 0, totalBytes: 0, error: null };
  env.report(state);
  const configFile = await cached(
    env,
    'webllm/config',
    `${base}mlc-chat-config.json`,
    'mlc-chat-config.json',
  );
  const config = await readJson(configFile, ChatConfig, 'mlc-chat-config.json');
  const tokenizer = ['tokenizer.json', 'tokenizer.model'].find((f) => config.tokenizer_files.includes(f));
  if (!tokenizer) throw new DownloadError({ code: 'no-tokenizer' });
  await cached(env, 'webllm/model', `${base}${tokenizer}`, tokenizer);
  const list = await readJson(
    await cached(env, 'webllm/model', `${base}ndarray-cache.json`, 'ndarray-cache.json'),
    FileList,
    'ndarray-cache.json',
  );
  const totalBytes = list.records.reduce((n, r) => n + r.nbytes, 0);
  let doneBytes = 0;
  for (const shard of list.records) {
    await cached(env, 'webllm/model', `${base}${shard.dataPath}`, shard.dataPath);
    doneBytes += shard.nbytes;
    env.report({ ...state, doneBytes, totalBytes });
  }
  env.report({ ...state, state: 'ready', doneBytes, totalBytes });
}

/** Removes every file of `m` at `rev` from both caches. */
export async function deleteModel(m: WebLlmModelInfo, rev: string, caches: CacheStorage): Promise<number> {
  const base = weightsBase(m, rev);
  let removed = 0;
  for (const scope of ['webllm/config', 'webllm/model']) {
    const cache = await caches.open(scope);
    for (const request of await cache.keys())
      if (request.url.startsWith(base) && (await cache.delete(request))) removed++;
  }
  return removed;
}
