import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendMessage } from '../../lib/messaging/send';
import { webllmProgressItem } from '../../lib/providers/settings';
import { resetDbForTests } from '../../lib/store/db';
import { ModelSettings } from './ModelSettings';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
// This build "ships" every model library but Llama 3.2 3B's (the build sets this from public/webllm, #11).
vi.hoisted(() =>
  vi.stubEnv(
    'ENGRAM_WEBLLM_LIBS',
    JSON.stringify([
      'Qwen2-1.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
      'Llama-3.2-1B-Instruct-q4f16_1_cs1k-webgpu.wasm',
      'Qwen2.5-3B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    ]),
  ),
);
const send = vi.mocked(sendMessage);

beforeEach(async () => {
  fakeBrowser.reset();
  await resetDbForTests();
  send.mockImplementation(async (type) => {
    if (type === 'getProviderStatus') return { kind: 'none', model: '', baseUrl: '', hasKey: true };
    if (type === 'testProvider')
      return { ok: false, message: 'Could not use gpt-4o-mini: HTTP 401: bad key' };
    return { ok: true };
  });
});
afterEach(() => send.mockReset());

test('without a usable GPU it says so and offers only the API providers', async () => {
  render(<ModelSettings />);
  expect((await screen.findByText(/No usable GPU: choose an API provider/)).textContent).toMatch(/WebGPU/);
  const options = [...(await screen.findByLabelText('Provider')).querySelectorAll('option')].map(
    (o) => o.value,
  );
  expect(options).toEqual(['none', 'openai', 'anthropic']);
});

test('saves an OpenAI-compatible provider with a write-only key, and reports Test connection plainly', async () => {
  render(<ModelSettings />);
  await userEvent.selectOptions(await screen.findByLabelText('Provider'), 'openai');
  await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), 'gpt-4o-mini');
  await userEvent.type(screen.getByLabelText('Base URL'), 'http://127.0.0.1:9/v1');
  const key = screen.getByLabelText('API key');
  expect(key.getAttribute('placeholder')).toMatch(/Saved/);
  await userEvent.type(key, 'sk-test-123');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await vi.waitFor(() =>
    expect(send).toHaveBeenCalledWith('saveProvider', {
      kind: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-test-123',
    }),
  );
  expect(await screen.findByText(/^Saved\./)).toBeTruthy();
  expect(screen.getByLabelText('API key')).toHaveProperty('value', '');
  await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  expect((await screen.findByText(/HTTP 401: bad key/)).textContent).toMatch(/Could not use/);
});

test('prompt versions show their descriptions', async () => {
  render(<ModelSettings />);
  expect(await screen.findByLabelText('Extraction prompt')).toBeTruthy();
  expect(screen.getByText(/Durable, self-contained memories/)).toBeTruthy();
});

test('with a usable GPU: local models with sizes, Download asks the background, progress is shown', async () => {
  const adapter = { isFallbackAdapter: false, info: { vendor: 'nvidia', architecture: 'ampere' } };
  Object.defineProperty(navigator, 'gpu', {
    value: { requestAdapter: async () => adapter },
    configurable: true,
  });
  await webllmProgressItem.setValue({
    model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
    progress: 0.42,
    text: 'Fetching',
  });
  try {
    render(<ModelSettings />);
    expect(await screen.findByText(/Local models run on this device \(nvidia ampere\)/)).toBeTruthy();
    expect(screen.getByText(/Qwen2.5 1.5B Instruct · 1 GB download/)).toBeTruthy();
    expect(screen.getByRole('progressbar')).toHaveProperty('value', 0.42);
    // The model's name, not its build id (#16 siblings: "Downloading Qwen2.5-1.5B-Instruct-q4f16_1-MLC: 42%").
    expect(screen.getByText('Downloading Qwen2.5 1.5B Instruct: 42%')).toBeTruthy();
    // Each Download says which model it fetches, as Retry names its chat.
    await userEvent.click(screen.getByRole('button', { name: 'Download Llama 3.2 1B Instruct' }));
    expect(send).toHaveBeenCalledWith('webllmLoad', { model: 'Llama-3.2-1B-Instruct-q4f16_1-MLC' });
    // A model whose library is not packaged cannot be downloaded, and the page says why.
    expect(screen.getByText(/Llama 3.2 3B Instruct · .* · not in this build/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Llama 3.2 3B Instruct' })).toHaveProperty(
      'disabled',
      true,
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toMatch(/Not in this build: Llama 3.2 3B Instruct\./);
    // The library file names are a detail for whoever builds Engram, behind a disclosure.
    expect(note.querySelector('p')?.textContent).not.toMatch(/wasm|WebGPU librar/);
    expect(note.querySelector('details')?.textContent).toContain(
      'Llama-3.2-3B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    );
    const kinds = [...screen.getByLabelText('Provider', { exact: true }).querySelectorAll('option')];
    expect(kinds.map((o) => o.value)).toContain('webllm');
  } finally {
    Reflect.deleteProperty(navigator, 'gpu');
  }
});

test('the form is checked as shown: bad addresses and missing keys are refused with the reason (#16)', async () => {
  render(<ModelSettings />);
  await userEvent.selectOptions(await screen.findByLabelText('Provider'), 'openai');
  await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), 'gpt-4o-mini');
  const url = screen.getByLabelText('Base URL');
  for (const bad of ['localhost:1234', 'not a url']) {
    await userEvent.clear(url);
    await userEvent.type(url, bad);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not saved: The base URL/);
  }
  await userEvent.clear(url);
  await userEvent.type(url, 'https://api.openai.com');
  expect(screen.getByText(/end in \/v1/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/Enter your API key for api\.openai\.com/);
  expect(send).not.toHaveBeenCalledWith('saveProvider', expect.anything());
  await userEvent.type(url, '/v1');
  await userEvent.type(screen.getByLabelText('API key'), 'sk-x');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(/^Saved\./)).toBeTruthy();
  await userEvent.clear(url);
  expect(screen.queryByText(/^Saved\./)).toBeNull();
});

test('Test connection sends the form on screen, not the saved settings (#16)', async () => {
  render(<ModelSettings />);
  await userEvent.selectOptions(await screen.findByLabelText('Provider'), 'anthropic');
  await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), 'claude-haiku-4-5');
  await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(send).toHaveBeenCalledWith('testProvider', {
    form: { kind: 'anthropic', model: 'claude-haiku-4-5', baseUrl: '' },
  });
});
