// The background's side of WebLLM (#4, #35): the model runs in an offscreen document (Chrome), because the
// service worker's life is too short for a model load and web-llm (~6 MB) must stay out of every other bundle.
// The background keeps the record of each model's weights (webllmDownloadsItem) and says which commit to use.
import { ProblemError } from '../../model/problem';
import type { WebLlmDownload } from '../../model/webllm';
import { makeProvider } from '../../providers/structured';
import { WEBLLM_LIMITS } from '../../providers/limits';
import { webllmDownloadsItem } from '../../providers/downloads';
import type { Provider } from '../../providers/types';
import type { Embedder } from '../../recall/semantic';
import { modelInfo, WEBLLM_MODELS } from '../../providers/webllm-models';
import { browser } from 'wxt/browser';
import { askOffscreen } from '../shared/offscreen-host';
import { listen, type Stop } from '../shared/service';

/** Starts (or continues) the download of a model's weights; the document reports as it goes. */
export async function downloadWebLlm(model: string): Promise<void> {
  const known = (await webllmDownloadsItem.getValue())[model];
  await askOffscreen('webllmDownload', { model, rev: known?.rev ?? modelInfo(model)?.rev ?? null });
}

export async function recordWebLlm(report: WebLlmDownload): Promise<void> {
  const all = await webllmDownloadsItem.getValue();
  await webllmDownloadsItem.setValue({ ...all, [report.model]: report });
}

export async function deleteWebLlm(model: string): Promise<void> {
  const { [model]: known, ...rest } = await webllmDownloadsItem.getValue();
  if (known?.rev) await askOffscreen('webllmRemove', { model, rev: known.rev });
  await webllmDownloadsItem.setValue(rest);
}

/** Downloads that were running when the browser closed go on (cached shards are not fetched again). */
async function resumeDownloads(): Promise<void> {
  const running = Object.values(await webllmDownloadsItem.getValue()).filter(
    (d) => d.state === 'downloading',
  );
  for (const d of running) await askOffscreen('webllmDownload', { model: d.model, rev: d.rev });
}

/** The service (../shared/service.ts): a download that the browser's exit interrupted goes on at its start (#35). */
export function startWebLlmResume(): Stop {
  return listen(browser.runtime.onStartup, () => void resumeDownloads().catch(() => undefined));
}

async function readyRev(model: string): Promise<string> {
  const d = (await webllmDownloadsItem.getValue())[model];
  if (d?.state === 'ready' && d.rev) return d.rev;
  throw new ProblemError({ code: 'model-not-downloaded', model });
}

export function webllmProvider(model: string): Provider {
  return makeProvider(
    'webllm',
    model,
    async (req) => {
      const { system, messages, jsonSchema } = req;
      const maxTokens = WEBLLM_LIMITS.outputTokens;
      const rev = await readyRev(model);
      return askOffscreen('webllmComplete', { model, rev, system, messages, jsonSchema, maxTokens });
    },
    WEBLLM_LIMITS,
  );
}

/** The on-device embedder once its weights are here (#35): "Match by meaning" with no key, on the GPU. */
export async function localEmbedder(): Promise<Embedder | null> {
  const downloads = await webllmDownloadsItem.getValue();
  for (const m of WEBLLM_MODELS.filter((x) => x.kind === 'embedding')) {
    const d = downloads[m.id];
    const rev = d?.rev;
    if (d?.state !== 'ready' || !rev) continue;
    return {
      model: `webllm:${m.id}@${rev}`,
      embed: async (texts) => {
        const out: number[][] = [];
        // The offscreen message carries at most 256 texts; the embedder's own batch is 4 (its library's b4).
        for (let i = 0; i < texts.length; i += 256)
          out.push(
            ...(await askOffscreen('webllmEmbed', { model: m.id, rev, texts: texts.slice(i, i + 256) }))
              .vectors,
          );
        return out;
      },
    };
  }
  return null;
}
