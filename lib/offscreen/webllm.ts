// The local model in the offscreen document (#4). The only module that imports @mlc-ai/web-llm (eslint enforces
// it), so the ~6 MB library never reaches the background, the pages or the content script. It is imported
// only when a local model is used: the document also hosts the past-turn index (#13), whose first query after
// a cold start waited ~2.2 s for this document while it parsed web-llm up front (docs/past-index.md).
import type { MLCEngine } from '@mlc-ai/web-llm';
import { browser } from 'wxt/browser';
import type { OffscreenHandlers } from '../messaging/offscreen';
import { sendMessage } from '../messaging/send';
import { appConfig, unloadable } from '../providers/webllm-config';
import { modelInfo } from '../providers/webllm-models';

let loaded: { model: string; engine: Promise<MLCEngine> } | null = null;

/** Loads a model once; web-llm keeps its weights in the Cache API, so later loads do not download. */
function engineFor(model: string): Promise<MLCEngine> {
  if (loaded?.model !== model) {
    const report = (progress: number, text: string) =>
      void sendMessage('webllmProgress', { model, progress: Math.min(1, Math.max(0, progress)), text });
    // Our own app config: the model library from inside the extension, weights at a pinned commit (#11).
    const refused = unloadable(model);
    const info = modelInfo(model);
    const rev = info?.rev;
    const engine =
      refused || !info || !rev
        ? Promise.reject(new Error(refused ?? `Download ${info?.label ?? model} first (Options → Model).`))
        : import('@mlc-ai/web-llm').then(({ CreateMLCEngine }) =>
            CreateMLCEngine(model, {
              appConfig: appConfig(info, rev, (path) => browser.runtime.getURL(path as '/')),
              initProgressCallback: (r) => report(r.progress, r.text),
            }),
          );
    loaded = { model, engine };
    engine.catch(() => (loaded = null));
  }
  return loaded.engine;
}

export const webllmHandlers: Pick<OffscreenHandlers, 'webllmPrepare' | 'webllmComplete'> = {
  webllmPrepare: async ({ model }) => {
    await engineFor(model);
    return { ok: true };
  },
  webllmComplete: async (req) => {
    const engine = await engineFor(req.model);
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
