import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkLibs, missingReport, stripPrebuiltModels } from '../../scripts/webllm-libs';
import { appConfig, unloadable } from './webllm-config';
import { SHIPPED_LIBS } from './webllm-libs';
import { offeredModels, WEBLLM_MODELS } from './webllm-models';
import { readFileSync } from 'node:fs';

const getURL = (path: string) => `chrome-extension://abc${path}`;
const ALL = SHIPPED_LIBS.map((l) => l.file);
const REV = '0123456789abcdef0123456789abcdef01234567';

describe('WebLLM runs no remotely hosted code (#11)', () => {
  test('every model loads its library from inside the extension and its weights at one commit', () => {
    for (const m of WEBLLM_MODELS) {
      const [r] = appConfig(m, m.rev ?? REV, getURL).model_list;
      expect(r?.model_lib).toMatch(/^chrome-extension:\/\/abc\/webllm\/[\w.-]+-webgpu\.wasm$/);
      expect(r?.model).toMatch(/^https:\/\/huggingface\.co\/mlc-ai\/[\w.-]+\/resolve\/[0-9a-f]{40}\/$/);
      // web-llm refuses a q4f16 build without shader-f16 itself; the record says so too.
      expect(r?.required_features ?? []).toEqual(m.quant === 'q4f16' ? ['shader-f16'] : []);
    }
  });

  test('a model whose library is not packaged cannot load, and says why', () => {
    expect(unloadable(WEBLLM_MODELS[0]!.id, [])).toMatch(/not inside the extension.*never downloads code/);
    expect(unloadable(WEBLLM_MODELS[0]!.id, ALL)).toBeNull();
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

describe('Options offers exactly the models whose libraries ship (#35)', () => {
  test('every shipped library is some model, and every model has a shipped library', () => {
    expect(new Set(WEBLLM_MODELS.map((m) => m.lib))).toEqual(new Set(ALL));
  });

  test('q4f16 only with shader-f16, q4f32 otherwise; one build per size', () => {
    const f16 = offeredModels(true, 'chat', ALL);
    const f32 = offeredModels(false, 'chat', ALL);
    expect(f16.map((m) => m.quant)).toEqual(['q4f16', 'q4f16', 'q4f16']);
    expect(f32.map((m) => m.quant)).toEqual(['q4f32', 'q4f32', 'q4f32']);
    expect(f16.map((m) => m.label)).toEqual(f32.map((m) => m.label));
    expect(offeredModels(true, 'embedding', ALL).map((m) => m.id)).toEqual([
      'snowflake-arctic-embed-s-q0f32-MLC-b4',
    ]);
  });

  test('a library missing from the build hides its model (not greyed: not offered)', () => {
    const without = ALL.filter((f) => !f.startsWith('gemma-2-2b-it-q4f32'));
    expect(offeredModels(false, 'chat', without).map((m) => m.label)).toEqual([
      'Qwen2.5 0.5B Instruct',
      'Qwen2.5 1.5B Instruct',
    ]);
    expect(offeredModels(false, 'chat', [])).toEqual([]);
  });
});

describe('the build takes the libraries from a directory and checks each sha256 (#35)', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'engram-libs-'));

  test('an empty directory: every library missing, and zip says where to put them in one line', () => {
    const d = dir();
    const check = checkLibs(d);
    expect(check.present).toEqual([]);
    expect(check.missing).toEqual(ALL);
    const report = missingReport(check);
    expect(report.split('\n')).toHaveLength(1);
    expect(report).toMatch(
      /7 of 7 WebLLM model libraries are missing: put the files named in lib\/providers\/webllm-libs\.ts in .*engram-libs-\w+\/ \(or set ENGRAM_WEBLLM_DIR/,
    );
  });

  test('a file whose sha256 differs fails the build, naming the file and its source', () => {
    const d = dir();
    writeFileSync(join(d, ALL[2]!), 'not a model library');
    expect(() => checkLibs(d)).toThrow(
      new RegExp(
        `${ALL[2]!.replace(/[.]/g, '\\.')} is not the library the build ships.*binary-mlc-llm-libs|7ce7510d`,
      ),
    );
  });

  test('nothing missing: nothing to report', () => {
    expect(missingReport({ dir: '/x', present: ALL, missing: [] })).toBe('');
  });
});
