import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { readSettings, settingsItem } from '../../settings';
import { deleteDb } from '../../store/db';
import { listJobs } from '../../store/jobs';
import { handlers } from '../handlers';
import { ALARM } from './job-queue';
import { webllmDownloadsItem } from '../../providers/downloads';
import { buildProvider, keyItem } from './current-provider';

const tab = { url: 'https://claude.ai/chat/abc', tab: { id: 7 } };
const capture = (last: 'user' | 'assistant') => ({
  site: 'claude' as const,
  conversationId: 'abc',
  url: 'https://claude.ai/chat/abc',
  title: 'Plans',
  strategy: 'api' as const, // Claude's page alone may not vouch for a chat (#34)
  turns: [
    { id: 'h:1', role: 'user' as const, text: 'I moved to Porto.', createdAt: null },
    ...(last === 'assistant'
      ? [{ id: 'h:2', role: 'assistant' as const, text: 'Nice!', createdAt: null }]
      : []),
  ],
});

beforeEach(async () => {
  fakeBrowser.reset();
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

describe('provider settings', () => {
  test('the key is stored apart and never returned', async () => {
    await handlers.saveProvider(
      { kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', apiKey: ' sk-secret ' },
      {},
    );
    expect(await keyItem.getValue()).toBe('sk-secret');
    const status = await handlers.getProviderStatus({}, {});
    expect(status).toEqual({
      kind: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'https://api.openai.com/v1',
      hasKey: true,
    });
    expect(JSON.stringify(status)).not.toContain('sk-secret');
    // Saving again without a key keeps it.
    await handlers.saveProvider(
      { kind: 'openai', model: 'gpt-4o', baseUrl: 'https://api.openai.com/v1' },
      {},
    );
    expect(await keyItem.getValue()).toBe('sk-secret');
  });

  test('no model chosen: no provider, and Test connection says so plainly', async () => {
    expect(buildProvider({ kind: 'none', model: '', baseUrl: '' }, '')).toBeNull();
    expect(buildProvider({ kind: 'anthropic', model: 'claude-haiku-4-5', baseUrl: '' }, '')).toBeNull();
    expect(await handlers.testProvider({}, {})).toEqual({ code: 'no-provider' });
  });

  test('Test connection tests the form on screen, and names a missing Anthropic key (#16)', async () => {
    const form = { kind: 'anthropic' as const, model: 'claude-haiku-4-5', baseUrl: '' };
    expect(await handlers.testProvider({ form }, {})).toEqual({ code: 'no-key' });
    const bad = { kind: 'openai' as const, model: 'm', baseUrl: 'localhost:1234' };
    expect(await handlers.testProvider({ form: bad }, {})).toEqual({
      ...{ code: 'endpoint', fault: 'notHttps', at: 'localhost:1234' },
    });
  });

  test('prompt versions are validated against the registry', async () => {
    await handlers.setPromptVersions({ extraction: 'v1', consolidation: 'v1' }, {});
    expect((await readSettings()).prompts).toEqual({ extraction: 'v1', consolidation: 'v1' });
    await expect(handlers.setPromptVersions({ extraction: 'v9', consolidation: 'v1' }, {})).rejects.toThrow(
      /Unknown/,
    );
  });
});

describe('scheduling', () => {
  test('a capture ending with an assistant turn becomes a job after the idle delay, with an alarm', async () => {
    const before = Date.now();
    await handlers.captureTurns(capture('assistant'), tab);
    const [job] = await listJobs();
    expect(job?.conversationKey).toBe('claude:abc');
    expect(Date.parse(job!.runAfter) - before).toBeGreaterThanOrEqual(
      DEFAULT_SETTINGS.capture.idleDelaySec * 1000,
    );
    expect(await fakeBrowser.alarms.get(ALARM)).toBeTruthy();
  });

  test('while the assistant is still answering, nothing is scheduled', async () => {
    await handlers.captureTurns(capture('user'), tab);
    expect(await listJobs()).toEqual([]);
  });

  test('extract now without a provider: the job waits and says why', async () => {
    await handlers.captureTurns(capture('assistant'), tab);
    expect(await handlers.extractNow({}, {})).toEqual({
      ran: 0,
      waiting: { code: 'no-model' },
    });
    expect((await listJobs())[0]).toMatchObject({
      status: 'pending',
      lastError: { code: 'no-model' },
    });
  });
});

test('extract now for one conversation queues it even when nothing was pending', async () => {
  await handlers.captureTurns(capture('user'), tab);
  expect(await listJobs()).toEqual([]);
  const reply = await handlers.extractNow({ key: 'claude:abc' }, {});
  expect(reply.waiting).toEqual({ code: 'no-model' });
  expect((await listJobs()).map((j) => [j.conversationKey, j.status])).toEqual([['claude:abc', 'pending']]);
});

test('webllm downloads reported by the offscreen document are kept per model for the options page', async () => {
  const report = {
    model: 'm',
    rev: '0123456789abcdef0123456789abcdef01234567',
    state: 'downloading' as const,
    doneBytes: 5,
    totalBytes: 10,
    error: null,
  };
  await handlers.webllmProgress(report, {});
  await handlers.webllmProgress({ ...report, model: 'n', state: 'failed', error: 'x' }, {});
  await handlers.webllmProgress({ ...report, doneBytes: 10, state: 'ready' }, {});
  expect(await webllmDownloadsItem.getValue()).toEqual({
    m: { ...report, doneBytes: 10, state: 'ready' },
    n: { ...report, model: 'n', state: 'failed', error: 'x' },
  });
});
