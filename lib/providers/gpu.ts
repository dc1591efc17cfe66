// Is there a GPU WebLLM can use? (#4) web-llm itself accepts SwiftShader's fallback adapter, which is far
// too slow for extraction, so a fallback adapter counts as no GPU. Headless Chromium has navigator.gpu but
// requestAdapter() returns null (#4).

export interface AdapterLike {
  isFallbackAdapter?: boolean;
  features?: { has(name: string): boolean };
  info?: { isFallbackAdapter?: boolean; vendor?: string; architecture?: string; description?: string };
}

export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<AdapterLike | null>;
}

/** Why WebLLM cannot run here, as a code the page says in its language (locales/: webllm.noGpu.*). */
export type GpuFault = 'noWebGpu' | 'noAdapter' | 'fallback';

/** `f16`: the adapter has `shader-f16`, so q4f16 builds run (web-llm refuses them otherwise). */
export type GpuStatus = { usable: true; name: string; f16: boolean } | { usable: false; fault: GpuFault };

export async function checkGpu(gpu: GpuLike | undefined): Promise<GpuStatus> {
  if (!gpu) return { usable: false, fault: 'noWebGpu' };
  let adapter: AdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch {
    adapter = null;
  }
  if (!adapter) return { usable: false, fault: 'noAdapter' };
  if (adapter.isFallbackAdapter || adapter.info?.isFallbackAdapter)
    return { usable: false, fault: 'fallback' };
  const name = [adapter.info?.vendor, adapter.info?.architecture].filter(Boolean).join(' ') || 'GPU';
  return { usable: true, name, f16: adapter.features?.has('shader-f16') ?? false };
}
