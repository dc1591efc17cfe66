// The local model in the offscreen document (#4, #35). The only module that imports @mlc-ai/web-llm (eslint
// enforces it), so the ~6 MB library never reaches the background, the pages or the content script. It is
// imported only when a local model is used: the document also hosts the past-turn index (#13), whose first
// query after a cold start waited ~2.2 s for this document while it parsed web-llm up front (docs/past-index.md).
// The weights are downloaded first, by Engram (./webllm-download.ts), into the caches web-llm reads: a load
// then fetches nothing but the model's library, from inside the extension.
import type { MLCEngine } from '@mlc-ai/web-llm';
import { browser } from 'wxt/browser';
import type { WebLlmDownload } from '../model/webllm';
import type { OffscreenHandlers } from '../messaging/offscreen';
import { sendMessage } from '../messaging/send';
import { appConfig, unloadable } from '../providers/webllm-config';
import { modelInfo, type WebLlmModelInfo } from '../providers/webllm-models';
import { DownloadError, deleteModel, downloadModel, pinRevision } from './webllm-download';

/** One engine per model at a commit: the chat model and the embedder can both be loaded. */
const loaded = new Map<string, Promise<MLCEngine>>();
const downloading = new Set<string>();

const getURL = (path: string) => browser.runtime.getURL(path as '/');

function known(model: string): WebLlmModelInfo {
  const refused = unloadable(model);
  const info = modelInfo(model);
  if (refused || !info) throw new Error(refused ?? `Engram does not offer the local model ${model}.`);
  return info;
}

/** Loads a model once, from its downloaded files and the library inside the extension. */
function engineFor(model: string, rev: string): Promise<MLCEngine> {
  const key = `${model}@${rev}`;
  let engine = loaded.get(key);
  if (!engine) {
    engine = (async () => {
      const info = known(model);
      const { CreateMLCEngine } = await import('@mlc-ai/web-llm');
      return CreateMLCEngine(model, { appConfig: appConfig(info, rev, getURL) });
    })();
    loaded.set(key, engine);
    engine.catch(() => loaded.delete(key));
  }
  return engine;
}

const report = (d: WebLlmDownload) => void sendMessage('webllmProgress', d).catch(() => undefined);

async function download(model: string, pinned: string | null): Promise<void> {
  const info = known(model);
  const env = { fetch: globalThis.fetch.bind(globalThis), caches, report };
  let rev = pinned;
  try {
    rev ??= await pinRevision(info, env);
    await downloadModel(info, rev, env);
  } catch (e) {
    // Ours as a code (#37); anything else (the cache API's own error) as the text it gave, quoted.
    const error =
      e instanceof DownloadError ? e.failure : (e instanceof Error ? e.message : String(e)).slice(0, 500);
    report({ model, rev, state: 'failed', doneBytes: 0, totalBytes: 0, error });
  }
}

export const webllmHandlers: Pick<
  OffscreenHandlers,
  'webllmPrepare' | 'webllmComplete' | 'webllmDownload' | 'webllmRemove' | 'webllmEmbed'
> = {
  webllmPrepare: async ({ model, rev }) => {
    await engineFor(model, rev);
    return { ok: true };
  },
  webllmDownload: async ({ model, rev }) => {
    // Answered at once: a download takes minutes, and its reports say how it goes.
    if (!downloading.has(model)) {
      downloading.add(model);
      void download(model, rev).finally(() => downloading.delete(model));
    }
    return { ok: true };
  },
  webllmRemove: async ({ model, rev }) => {
    const engine = loaded.get(`${model}@${rev}`);
    loaded.delete(`${model}@${rev}`);
    void engine?.then((e) => e.unload()).catch(() => undefined);
    await deleteModel(known(model), rev, caches);
    return { ok: true };
  },
  webllmEmbed: async ({ model, rev, texts }) => {
    const engine = await engineFor(model, rev);
    const out = await engine.embeddings.create({ input: [...texts], model });
    return { vectors: [...out.data].sort((a, b) => a.index - b.index).map((d) => d.embedding) };
  },
  webllmComplete: async (req) => {
    const engine = await engineFor(req.model, req.rev);
    const out = await engine.chat.completions.create({
      messages: [{ role: 'system', content: req.system }, ...req.messages],
      temperature: 0,
      max_tokens: req.maxTokens,
      // JSON-schema constrained decoding: web-llm compiles the schema into a grammar.
      response_format: { type: 'json_object', schema: JSON.stringify(req.jsonSchema) },
    });
    return {
      text: out.choices[0]?.message.content ?? '',
      promptTokens: out.usage?.prompt_tokens ?? 0,
      completionTokens: out.usage?.completion_tokens ?? 0,
    };
  },
};
