// The local models Engram offers through WebLLM (#35): exactly those whose compiled library the Chrome package
// ships (webllm-libs.ts). Ids and VRAM figures are web-llm 0.2.79's own prebuilt list; a q4f16 build needs the
// GPU feature `shader-f16` (web-llm refuses it otherwise), so each size comes in q4f16 and q4f32 and the panel
// offers the one this GPU can run. Weights come from Hugging Face at a commit (`rev`), never `main`: the
// revisions are those that published WebLLM apps pin; where none was found (`rev: null`), the download asks
// Hugging Face once which commit `main` is and pins that commit for every file of the model (webllm-download).

export interface WebLlmModelInfo {
  id: string;
  label: string;
  /** The file in webllm-libs.ts. */
  lib: string;
  quant: 'q4f16' | 'q4f32';
  /** The Hugging Face repository under mlc-ai/ (the embedder's id carries a batch suffix its repo has not). */
  repo: string;
  rev: string | null;
  vramMb: number;
  kind: 'chat' | 'embedding';
}

const chat = (
  id: string,
  label: string,
  lib: string,
  rev: string | null,
  vramMb: number,
): WebLlmModelInfo => ({
  id,
  label,
  lib,
  quant: id.includes('q4f16') ? 'q4f16' : 'q4f32',
  repo: id,
  rev,
  vramMb,
  kind: 'chat',
});

export const WEBLLM_MODELS: readonly WebLlmModelInfo[] = [
  chat(
    'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
    'Qwen2.5 0.5B Instruct',
    'Qwen2-0.5B-Instruct-q4f16_1-ctx4k_cs1k-webgpu.wasm',
    '32ff081fe7e4dfe4ffb167b94c66fdf11e02b8ad',
    945,
  ),
  chat(
    'Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
    'Qwen2.5 0.5B Instruct',
    'Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm',
    null,
    1060,
  ),
  chat(
    'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
    'Qwen2.5 1.5B Instruct',
    'Qwen2-1.5B-Instruct-q4f16_1-ctx4k_cs1k-webgpu.wasm',
    '9bd564b064631febf14deadcac492efb761d60c3',
    1630,
  ),
  chat(
    'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
    'Qwen2.5 1.5B Instruct',
    'Qwen2-1.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm',
    null,
    1889,
  ),
  chat(
    'gemma-2-2b-it-q4f16_1-MLC',
    'Gemma 2 2B',
    'gemma-2-2b-it-q4f16_1-ctx4k_cs1k-webgpu.wasm',
    'de9cc76f0d4b3a49a0f718df424944054bf1eec1',
    1895,
  ),
  chat('gemma-2-2b-it-q4f32_1-MLC', 'Gemma 2 2B', 'gemma-2-2b-it-q4f32_1-ctx4k_cs1k-webgpu.wasm', null, 2509),
  {
    id: 'snowflake-arctic-embed-s-q0f32-MLC-b4',
    label: 'Snowflake Arctic Embed S',
    lib: 'snowflake-arctic-embed-s-q0f32-ctx512_cs512_batch4-webgpu.wasm',
    quant: 'q4f32',
    repo: 'snowflake-arctic-embed-s-q0f32-MLC',
    rev: null,
    vramMb: 239,
    kind: 'embedding',
  },
];

export const modelInfo = (id: string): WebLlmModelInfo | undefined => WEBLLM_MODELS.find((m) => m.id === id);

/**
 * The model libraries this build ships (scripts/webllm-libs.ts lists those it verified). Without them a local
 * model cannot run, and Options does not offer it.
 */
export const BUNDLED_MODEL_LIBS: readonly string[] = JSON.parse(
  (import.meta.env.ENGRAM_WEBLLM_LIBS as string | undefined) ?? '[]',
) as string[];

export const isBundled = (m: WebLlmModelInfo, libs = BUNDLED_MODEL_LIBS): boolean => libs.includes(m.lib);

/**
 * What Options offers on this GPU: models whose library ships, and of each size the build this GPU runs
 * (q4f16 only with `shader-f16`, else q4f32).
 */
export function offeredModels(
  f16: boolean,
  kind: WebLlmModelInfo['kind'] = 'chat',
  libs = BUNDLED_MODEL_LIBS,
): WebLlmModelInfo[] {
  return WEBLLM_MODELS.filter(
    (m) => m.kind === kind && isBundled(m, libs) && (kind === 'embedding' || (m.quant === 'q4f16') === f16),
  );
}
