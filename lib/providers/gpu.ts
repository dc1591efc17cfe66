// Is there a GPU WebLLM can use? (#4) web-llm itself accepts SwiftShader's fallback adapter, which is far
// too slow for extraction, so a fallback adapter counts as no GPU. Headless Chromium has navigator.gpu but
// requestAdapter() returns null (#4).

export interface AdapterLike {
  isFallbackAdapter?: boolean;
  info?: { isFallbackAdapter?: boolean; vendor?: string; architecture?: string; description?: string };
}

export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<AdapterLike | null>;
}

export type GpuStatus = { usable: true; name: string } | { usable: false; reason: string };

export const NO_GPU = 'No usable GPU: choose an API provider';

export async function checkGpu(gpu: GpuLike | undefined): Promise<GpuStatus> {
  if (!gpu) return { usable: false, reason: `${NO_GPU} (this browser has no WebGPU).` };
  let adapter: AdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch {
    adapter = null;
  }
  if (!adapter) return { usable: false, reason: `${NO_GPU} (no GPU adapter is available).` };
  if (adapter.isFallbackAdapter || adapter.info?.isFallbackAdapter)
    return { usable: false, reason: `${NO_GPU} (only a software fallback adapter is available).` };
  const name = [adapter.info?.vendor, adapter.info?.architecture].filter(Boolean).join(' ') || 'GPU';
  return { usable: true, name };
}

/**
 * A short list of small instruct builds (web-llm 0.2.86 model ids); sizes are the download. No remotely hosted
 * code (#11): each model's WebGPU library (`lib`) must ship inside the extension at /webllm/<lib>; web-llm's
 * default would fetch it from GitHub at run time. Weights come from Hugging Face at a pinned commit (`rev`),
 * never `main` (the revisions of the mlc-ai repositories that several published WebLLM apps pin).
 */
export const WEBLLM_MODELS = [
  {
    id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
    label: 'Qwen2.5 1.5B Instruct',
    sizeMb: 1030,
    lib: 'Qwen2-1.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    rev: '9bd564b064631febf14deadcac492efb761d60c3',
    vramMb: 1630,
  },
  {
    id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC',
    label: 'Llama 3.2 1B Instruct',
    sizeMb: 880,
    lib: 'Llama-3.2-1B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    rev: '2a37b0a5ecb622d51ddc2fac74de0b95872affd7',
    vramMb: 879,
  },
  {
    id: 'Qwen2.5-3B-Instruct-q4f16_1-MLC',
    label: 'Qwen2.5 3B Instruct',
    sizeMb: 1980,
    lib: 'Qwen2.5-3B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    rev: '7690aaaa46df36b1be0fe93b9c9abac0497eff6c',
    vramMb: 2505,
  },
  {
    id: 'Llama-3.2-3B-Instruct-q4f16_1-MLC',
    label: 'Llama 3.2 3B Instruct',
    sizeMb: 2260,
    lib: 'Llama-3.2-3B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    rev: '1e80abf71e3d17cd564e2d2b63caa15cb226018e',
    vramMb: 2264,
  },
] as const;

export type WebLlmModelInfo = (typeof WEBLLM_MODELS)[number];

/**
 * The model libraries this build ships (wxt.config.ts lists public/webllm at build time). Without them a local
 * model cannot run: Options says which are missing, and the offscreen document refuses to load one.
 */
export const BUNDLED_MODEL_LIBS: readonly string[] = JSON.parse(
  (import.meta.env.ENGRAM_WEBLLM_LIBS as string | undefined) ?? '[]',
) as string[];

export const isBundled = (m: WebLlmModelInfo, libs = BUNDLED_MODEL_LIBS): boolean => libs.includes(m.lib);
