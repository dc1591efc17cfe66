// web-llm's app config for the models Engram offers (#11): the model library from inside the extension
// (runtime.getURL), the weights from a pinned Hugging Face commit. Passed to CreateMLCEngine so web-llm's
// prebuilt config (GitHub-hosted libraries, weights at `main`) is never used; the build also strips that config
// out of the bundle (scripts/webllm-libs.ts).
import { isBundled, WEBLLM_MODELS, type WebLlmModelInfo } from './gpu';

export interface ModelRecordLike {
  model: string;
  model_id: string;
  model_lib: string;
  vram_required_MB: number;
  low_resource_required: boolean;
  overrides: { context_window_size: number };
}

/** web-llm's prebuilt libraries for these models are compiled for a 4k window. */
export const CONTEXT_WINDOW = 4096;

export function modelRecord(m: WebLlmModelInfo, getURL: (path: string) => string): ModelRecordLike {
  return {
    model: `https://huggingface.co/mlc-ai/${m.id}/resolve/${m.rev}/`,
    model_id: m.id,
    model_lib: getURL(`/webllm/${m.lib}`),
    vram_required_MB: m.vramMb,
    low_resource_required: true,
    overrides: { context_window_size: CONTEXT_WINDOW },
  };
}

/** Why `model` cannot load in this build, or null. */
export function unloadable(model: string, libs?: readonly string[]): string | null {
  const m = WEBLLM_MODELS.find((x) => x.id === model);
  if (!m) return `Engram does not offer the local model ${model}.`;
  if (!isBundled(m, libs))
    return `${m.label} cannot run in this build: its WebGPU library (webllm/${m.lib}) is not inside the extension, and Engram never downloads code. Choose an API provider, or use a build that ships it.`;
  return null;
}

export function appConfig(getURL: (path: string) => string, libs?: readonly string[]) {
  return {
    model_list: WEBLLM_MODELS.filter((m) => isBundled(m, libs)).map((m) => modelRecord(m, getURL)),
  };
}
