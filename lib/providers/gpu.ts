// Is there a GPU WebLLM can use? (#4) web-llm itself accepts SwiftShader's fallback adapter, which is far
// too slow for extraction, so a fallback adapter counts as no GPU. Headless Chromium has navigator.gpu but
// requestAdapter() returns null (DEVELOPERS.md).

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

/** A short list of small instruct builds web-llm ships (prebuilt model ids); sizes are the download. */
export const WEBLLM_MODELS = [
  { id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', label: 'Qwen2.5 1.5B Instruct', sizeMb: 1030 },
  { id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC', label: 'Llama 3.2 1B Instruct', sizeMb: 880 },
  { id: 'Qwen2.5-3B-Instruct-q4f16_1-MLC', label: 'Qwen2.5 3B Instruct', sizeMb: 1980 },
  { id: 'Llama-3.2-3B-Instruct-q4f16_1-MLC', label: 'Llama 3.2 3B Instruct', sizeMb: 2260 },
] as const;
