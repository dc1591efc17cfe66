// web-llm's app config for the models Engram offers (#11, #35): the model library from inside the extension
// (runtime.getURL), the weights from one Hugging Face commit (the model's pinned `rev`, or the commit its
// download pinned). Passed to CreateMLCEngine so web-llm's prebuilt config (GitHub-hosted libraries, weights
// at `main`) is never used; the build also strips that config out of the bundle (scripts/webllm-libs.ts).
import { isBundled, modelInfo, type WebLlmModelInfo } from './webllm-models';

export interface ModelRecordLike {
  model: string;
  model_id: string;
  model_lib: string;
  vram_required_MB: number;
  low_resource_required: boolean;
  required_features?: string[];
  model_type?: number;
  overrides?: { context_window_size: number };
}

/** web-llm's prebuilt libraries for these models are compiled for a 4k window. */
export const CONTEXT_WINDOW = 4096;

/** Where a model's files live: one commit of its Hugging Face repository. */
export const weightsBase = (m: WebLlmModelInfo, rev: string): string =>
  `https://huggingface.co/mlc-ai/${m.repo}/resolve/${rev}/`;

export function modelRecord(
  m: WebLlmModelInfo,
  rev: string,
  getURL: (path: string) => string,
): ModelRecordLike {
  return {
    model: weightsBase(m, rev),
    model_id: m.id,
    model_lib: getURL(`/webllm/${m.lib}`),
    vram_required_MB: m.vramMb,
    low_resource_required: true,
    // web-llm's ModelType.embedding is 1.
    ...(m.kind === 'embedding' ? { model_type: 1 } : { overrides: { context_window_size: CONTEXT_WINDOW } }),
    ...(m.quant === 'q4f16' ? { required_features: ['shader-f16'] } : {}),
  };
}

/** Why `model` cannot load in this build, or null. */
export function unloadable(model: string, libs?: readonly string[]): string | null {
  const m = modelInfo(model);
  if (!m) return `Engram does not offer the local model ${model}.`;
  if (!isBundled(m, libs))
    return `${m.label} cannot run in this build: its WebGPU library (webllm/${m.lib}) is not inside the extension, and Engram never downloads code. Choose another provider.`;
  return null;
}

/** The app config for one model at one commit. */
export function appConfig(m: WebLlmModelInfo, rev: string, getURL: (path: string) => string) {
  return { model_list: [modelRecord(m, rev, getURL)] };
}
