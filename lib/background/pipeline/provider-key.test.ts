import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { endpointProblem, originPattern } from '../../model/provider';
import { providerItem, readProviderSettings, deleteSecrets } from '../../store/secrets';
import { handlers } from '../handlers';
import { keyItem } from './current-provider';
import { restrictStorage } from '../shared/storage-access';

const openai = (baseUrl: string, apiKey?: string) => ({
  kind: 'openai' as const,
  model: 'gpt-4o-mini',
  baseUrl,
  ...(apiKey === undefined ? {} : { apiKey }),
});
const status = () => handlers.getProviderStatus({}, {});

beforeEach(() => fakeBrowser.reset());

describe('storage is closed to content scripts where the browser can (#11)', () => {
  test('Chrome: storage.local is set to TRUSTED_CONTEXTS', async () => {
    const setAccessLevel = vi.fn(async () => undefined);
    expect(await restrictStorage({ setAccessLevel })).toBe(true);
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  test('Firefox (no setAccessLevel): says so; the key is not in storage.local at all', async () => {
    expect(await restrictStorage({})).toBe(false);
    await handlers.saveProvider(openai('https://api.openai.com/v1', 'sk-secret'), {});
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain('sk-secret');
    expect(everything).not.toContain('api.openai.com');
  });

  test('a key and provider an older build left in storage.local move out of it, bound to their origin', async () => {
    const provider = { kind: 'openai', model: 'm', baseUrl: 'https://api.openai.com/v1' };
    await fakeBrowser.storage.local.set({ provider, providerKey: 'sk-old', provider$: { v: 1 } });
    await deleteSecrets();
    expect(await keyItem.getValue()).toBe('sk-old');
    expect((await readProviderSettings()).baseUrl).toBe('https://api.openai.com/v1');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});

describe('the key follows its origin (#11)', () => {
  test('a new origin without a new key clears the key; it does not come back with the old origin', async () => {
    await handlers.saveProvider(openai('https://api.openai.com/v1', 'sk-secret'), {});
    await handlers.saveProvider(openai('https://api.openai.com/v2'), {});
    expect((await status()).hasKey).toBe(true);
    await handlers.saveProvider(openai('https://evil.example/v1'), {});
    expect((await status()).hasKey).toBe(false);
    expect(await keyItem.getValue()).toBe('');
    await handlers.saveProvider(openai('https://api.openai.com/v1'), {});
    expect(await keyItem.getValue()).toBe('');
  });

  test('switching to Anthropic without a key does not hand it the OpenAI key', async () => {
    await handlers.saveProvider(openai('https://api.openai.com/v1', 'sk-secret'), {});
    await handlers.saveProvider({ kind: 'anthropic', model: 'claude-haiku-4-5', baseUrl: '' }, {});
    expect(await keyItem.getValue()).toBe('');
  });

  test('a provider rewritten behind the background gets no key (it is bound to the origin it was saved for)', async () => {
    await handlers.saveProvider(openai('https://api.openai.com/v1', 'sk-secret'), {});
    await providerItem.setValue({ kind: 'openai', model: 'm', baseUrl: 'https://evil.example/v1' });
    expect(await keyItem.getValue()).toBe('');
  });
});

describe('plain http only for this computer (#11)', () => {
  test.each([
    'http://localhost:11434/v1',
    'http://127.0.0.1:1234/v1',
    'http://[::1]:8080/v1',
    'https://x.example/v1',
  ])('%s is accepted', async (url) => {
    expect(endpointProblem('openai', url)).toBeNull();
    await handlers.saveProvider(openai(url), {});
    expect((await status()).baseUrl).toBe(url);
    expect(originPattern('openai', url)).not.toBeNull();
  });

  test.each([
    'http://192.168.1.5:11434/v1',
    'http://ollama.lan/v1',
    'http://localhost.evil.example/v1',
    'ftp://x/v1',
  ])('%s is refused with the reason, and nothing is saved', async (url) => {
    await expect(handlers.saveProvider(openai(url, 'sk-secret'), {})).rejects.toThrow(/http/);
    expect((await status()).baseUrl).toBe('');
    expect(originPattern('openai', url)).toBeNull();
  });

  test('a stored plain-http endpoint (saved by an older build) is never used, and Test connection says why', async () => {
    await providerItem.setValue({ kind: 'openai', model: 'm', baseUrl: 'http://10.0.0.2/v1' });
    expect(await handlers.testProvider({}, {})).toEqual({
      code: 'endpoint',
      fault: 'plainHttp',
      at: '10.0.0.2',
    });
  });
});
