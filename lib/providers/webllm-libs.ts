// What the Chrome package ships for WebLLM (#35): the compiled WebGPU model libraries, as data only. The
// binaries are not in the repository (the project's rule: nothing from ../shared is committed, and no npm
// package carries these files — checked 2026-12-03: @mlc-ai/web-llm 0.2.79, @mlc-ai/web-runtime,
// @browser-ai/web-llm, @react-native-ai/mlc hold no .wasm with these hashes). The build takes them from a
// directory (scripts/webllm-libs.ts), checks each against `sha256` and ships exactly the ones that match.
// Source: mlc-ai/binary-mlc-llm-libs, web-llm-models/v0_2_48, compiled by the MLC project (Apache-2.0); each
// imports the runtime interface of @mlc-ai/web-llm 0.2.79 (`TVMWasmPackedCFunc`), which 0.2.80+ no longer has.

/** The web-llm release whose runtime these libraries link against (package.json pins it; webllm-link.test). */
export const WEBLLM_RUNTIME = '0.2.79';

export interface ShippedLib {
  file: string;
  sha256: string;
  /** `commit:path` in mlc-ai/binary-mlc-llm-libs. */
  source: string;
}

const SOURCE = (commit: string, file: string) => `${commit}:web-llm-models/v0_2_48/${file}`;
const QWEN = '7ce7510d9b3aa1fb109f5eddb284800d10e953fd';
const GEMMA = 'dbb55ed357304e45a0d99bedd56d41480c247dea';
const EMBED = '9ea007d7160d760391a25c8121d02455a7fcf2a8';

const lib = (file: string, sha256: string, commit: string): ShippedLib => ({
  file,
  sha256,
  source: SOURCE(commit, file),
});

export const SHIPPED_LIBS: readonly ShippedLib[] = [
  lib(
    'Qwen2-0.5B-Instruct-q4f16_1-ctx4k_cs1k-webgpu.wasm',
    'eeef8ad5c1e668b066a3edc2e7f5d48e78d0749c869d87c00270406d95537c63',
    QWEN,
  ),
  lib(
    'Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm',
    '338ab000a62274cb47fa0696aa244d4b1d73db4e6f144b429915d1cfe44d2e6a',
    QWEN,
  ),
  lib(
    'Qwen2-1.5B-Instruct-q4f16_1-ctx4k_cs1k-webgpu.wasm',
    '14ef8ff95b20cc099df70d365babd18dc8023936eeacc2f459bac21e0a4f9dfa',
    QWEN,
  ),
  lib(
    'Qwen2-1.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm',
    '75113c4eda9b941f853180dce38911311b0ba9053ab54e0d3f38ccc4b765a8ac',
    QWEN,
  ),
  lib(
    'gemma-2-2b-it-q4f16_1-ctx4k_cs1k-webgpu.wasm',
    '0c0ce8675d1dc022e1ed274e2201c5e652f470d29dee8b9dc1eb4a3f4e42739e',
    GEMMA,
  ),
  lib(
    'gemma-2-2b-it-q4f32_1-ctx4k_cs1k-webgpu.wasm',
    '65064001a0018490fb82a4bba4e21771983c467680591f1f3303d8183c1ab648',
    GEMMA,
  ),
  lib(
    'snowflake-arctic-embed-s-q0f32-ctx512_cs512_batch4-webgpu.wasm',
    '480ea71b15f985a7800e21709d247070b349aa0ba0880c42b9535b859ce19ca1',
    EMBED,
  ),
];
