import { describe, expect, test } from 'vitest';
import { checkGpu, type GpuLike } from './gpu';

const gpuWith = (adapter: Awaited<ReturnType<GpuLike['requestAdapter']>>): GpuLike => ({
  requestAdapter: async () => adapter,
});

describe('GPU check', () => {
  test('no WebGPU at all', async () => {
    expect(await checkGpu(undefined)).toEqual({ usable: false, fault: 'noWebGpu' });
  });

  test('null adapter (headless Chromium)', async () => {
    expect(await checkGpu(gpuWith(null))).toEqual({ usable: false, fault: 'noAdapter' });
  });

  test('requestAdapter throwing counts as no adapter', async () => {
    const gpu: GpuLike = { requestAdapter: () => Promise.reject(new Error('blocked')) };
    expect((await checkGpu(gpu)).usable).toBe(false);
  });

  test.each([
    ['old field', { isFallbackAdapter: true }],
    [
      'adapter.info field',
      { info: { isFallbackAdapter: true, vendor: 'google', architecture: 'swiftshader' } },
    ],
  ])('fallback adapter (%s) is not usable', async (_n, adapter) => {
    expect(await checkGpu(gpuWith(adapter))).toEqual({ usable: false, fault: 'fallback' });
  });

  test('a real adapter is usable and named', async () => {
    const adapter = { isFallbackAdapter: false, info: { vendor: 'nvidia', architecture: 'ampere' } };
    expect(await checkGpu(gpuWith(adapter))).toEqual({ usable: true, name: 'nvidia ampere', f16: false });
  });

  test('shader-f16 on the adapter: q4f16 builds can run (#35)', async () => {
    const adapter = { info: { vendor: 'apple' }, features: new Set(['shader-f16']) };
    expect(await checkGpu(gpuWith(adapter))).toEqual({ usable: true, name: 'apple', f16: true });
  });
});
