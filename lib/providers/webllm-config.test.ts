import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { stripPrebuiltModels } from '../../scripts/webllm-libs';
import { WEBLLM_MODELS } from './gpu';
import { appConfig, unloadable } from './webllm-config';

const getURL = (path: string) => `chrome-extension://abc${path}`;
const ALL = WEBLLM_MODELS.map((m) => m.lib);

describe('WebLLM runs no remotely hosted code (#11)', () => {
  test('every offered model loads its library from inside the extension and its weights at a pinned commit', () => {
    const { model_list } = appConfig(getURL, ALL);
    expect(model_list).toHaveLength(WEBLLM_MODELS.length);
    for (const r of model_list) {
      expect(r.model_lib).toMatch(/^chrome-extension:\/\/abc\/webllm\/[\w.-]+-webgpu\.wasm$/);
      expect(r.model).toMatch(/^https:\/\/huggingface\.co\/mlc-ai\/[\w.-]+\/resolve\/[0-9a-f]{40}\/$/);
    }
  });

  test('a model whose library is not packaged is not offered to web-llm, and says why', () => {
    expect(appConfig(getURL, []).model_list).toEqual([]);
    expect(unloadable(WEBLLM_MODELS[0].id, [])).toMatch(/not inside the extension.*never downloads code/);
    expect(unloadable(WEBLLM_MODELS[0].id, ALL)).toBeNull();
    expect(unloadable('gemma-2b-it-q4f16_1-MLC', ALL)).toMatch(/does not offer/);
  });

  test("the build cuts web-llm's prebuilt list (GitHub libraries, weights at main) out of the package", () => {
    const source = readFileSync('node_modules/@mlc-ai/web-llm/lib/index.js', 'utf8');
    expect(source).toContain('raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs');
    const stripped = stripPrebuiltModels(source);
    expect(stripped).toContain('model_list: []');
    expect(stripped).not.toMatch(/huggingface\.co\/mlc-ai\/Llama-3\.2-1B-Instruct-q4f16_1-MLC"/);
    expect(stripped.length).toBeLessThan(source.length - 50_000);
    expect(() => stripPrebuiltModels('const x = 1;')).toThrow(/prebuiltAppConfig not found/);
  });
});
