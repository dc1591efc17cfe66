import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { hasSharedExports, loadExport, loadSharedExport, sketch } from '../../test/fixtures/exports/load';
import { event, memory } from '../../test/helpers/records';
import { handlers } from '../background/handlers';
import type { ImportChunk } from '../model/messages';
import { saveCapture, turnsOf } from '../store/conversations';
import { deleteDb } from '../store/db';
import { readExport } from '../store/export';
import { writeMemory } from '../store/memories';
import { countTokens } from '../tokens';
import { EXPORT_READERS, ImportError, planImport } from './detect';
import { orderReaders } from './readers';
import { chunksOf, runImport } from './run';

const send = (chunk: ImportChunk) =>
  handlers.importChunk(chunk, { url: 'chrome-extension://x/options.html' });
const importText = (text: string) => runImport(planImport(text), send, () => undefined);

// Imported memories are recounted: the tokenizer's one-time build happens here, not in a test.
beforeAll(() => countTokens('warm'), 60_000);
beforeEach(deleteDb);

describe('detecting the file', () => {
  test('refuses foreign and broken files with a code the page words (#37), before writing anything', async () => {
    const refusal = (text: string) => {
      try {
        planImport(text);
      } catch (e) {
        return e instanceof ImportError ? e.problem : e;
      }
    };
    const sites = ['ChatGPT', 'Claude', 'DeepSeek', 'AI Studio'];
    expect(refusal('not json')).toEqual({ code: 'import-not-json', sites });
    expect(refusal('{"hello":1}')).toEqual({ code: 'import-not-export', sites });
    expect(refusal('[]')).toEqual({ code: 'import-not-export', sites });
    expect(refusal('{"format":"engram","version":1,"conversations":"x"}')).toMatchObject({
      code: 'import-damaged',
      detail: expect.stringMatching(/conversations/),
    });
    expect((await readExport()).conversations).toEqual([]);
  });

  test('finds each site folder’s export reader, DeepSeek’s before ChatGPT’s (both have mapping, #24)', () => {
    expect(EXPORT_READERS.map((r) => r.site)).toEqual(['aistudio', 'deepseek', 'chatgpt', 'claude']);
    expect(planImport(JSON.stringify(loadExport('deepseek-export.json'))).kind).toBe('deepseek');
    // An AI Studio prompt file (#36) is an object with chunkedPrompt: no other reader claims it.
    const prompt = { runSettings: {}, chunkedPrompt: { chunks: [{ role: 'user', text: 'Hi' }] } };
    expect(planImport(JSON.stringify(prompt)).kind).toBe('aistudio');
    // A reader that claims any `mapping` (as ChatGPT's once did) is still tried after DeepSeek's.
    const greedy = {
      site: 'chatgpt' as const,
      looks: () => true,
      parse: () => ({ conversations: [], skipped: [] }),
    };
    const deepseek = EXPORT_READERS.find((r) => r.site === 'deepseek')!;
    expect(orderReaders([greedy, deepseek]).map((r) => r.site)).toEqual(['deepseek', 'chatgpt']);
    expect(orderReaders([deepseek, greedy]).map((r) => r.site)).toEqual(['deepseek', 'chatgpt']);
  });

  test('tells a ChatGPT export from a Claude one', () => {
    const chatgpt = JSON.stringify(loadExport('chatgpt-export-2025.json'));
    expect(planImport(chatgpt).kind).toBe('chatgpt');
    const claude = JSON.stringify([{ uuid: 'c', name: 'x', chat_messages: [] }]);
    expect(planImport(claude)).toMatchObject({
      kind: 'claude',
      skipped: [{ title: 'x', reason: 'no visible turns' }],
    });
  });
});

describe('importing', () => {
  test('the hand-made 2025 ChatGPT export: visible turns only, the do-not-remember chat skipped, idempotent', async () => {
    const text = JSON.stringify(loadExport('chatgpt-export-2025.json'));
    const report = await importText(text);
    expect(report).toEqual({
      kind: 'chatgpt',
      conversations: 1,
      turns: 4,
      memories: 0,
      held: 0,
      kept: 0,
      refused: [],
      progress: 0,
      jobs: 0,
      usage: 0,
      skipped: [{ title: 'Temporary thing', reason: 'marked do-not-remember' }],
    });
    const turns = await turnsOf('chatgpt:68a0c0de-0000-4000-8000-000000000001');
    expect(turns.map((t) => t.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    // Imported again: nothing new, so no conversation counts as imported (#16).
    expect(await importText(text)).toMatchObject({ conversations: 0, turns: 0, kept: 1 });
    expect(await turnsOf('chatgpt:68a0c0de-0000-4000-8000-000000000001')).toEqual(turns);
  });

  test.skipIf(!hasSharedExports())('both real export samples import the expected turns', async () => {
    const chatgpt = await importText(JSON.stringify(loadSharedExport('chatgpt-export-2023.json')));
    const claude = await importText(JSON.stringify(loadSharedExport('claude-export-2025.json')));
    console.log('import reports:', chatgpt, claude);
    expect([chatgpt.conversations, chatgpt.turns, claude.conversations, claude.turns]).toEqual([4, 22, 1, 2]);
    const logo = await turnsOf('chatgpt:e96087ed-b714-4a54-a06a-e425db1680bd');
    expect(logo).toHaveLength(14);
    expect(logo.some((t) => t.id.startsWith('50d1ea72'))).toBe(false);
    const bleep = await turnsOf('claude:b49c0fc0-85d8-475c-bd2d-ee89f31f592c');
    expect(sketch(bleep)).toEqual([
      ['f5885afd', 'user', 79],
      ['0abf9869', 'assistant', 995],
    ]);
    const exported = await readExport();
    expect(exported.conversations.every((c) => c.health?.strategy === 'import')).toBe(true);
  });

  test('an Engram export → delete everything → import → export gives identical conversations and memories', async () => {
    const write = (n: number, superseded = false) => ({
      key: `claude:c1:t${n}`,
      conversationKey: 'claude:c1',
      id: `t${n}`,
      role: n % 2 ? ('assistant' as const) : ('user' as const),
      text: `turn ${n}`,
      createdAt: null,
      order: n,
      superseded,
      capturedAt: '2026-11-02T00:00:00.000Z',
    });
    await saveCapture(
      {
        conversation: {
          key: 'claude:c1',
          site: 'claude',
          id: 'c1',
          url: 'https://claude.ai/chat/c1',
          title: 'Plans',
          scope: 'project:x',
          createdAt: '2026-11-01T00:00:00.000Z',
          updatedAt: '2026-11-03T00:00:00.000Z',
          health: {
            strategy: 'page',
            turnsSeen: 2,
            turnsStored: 2,
            lastError: 'HTTP 404',
            checkedAt: '2026-11-03T00:00:00.000Z',
          },
        },
        turns: [write(0), write(1, true), write(2)],
      },
      false,
    );
    await writeMemory(memory(), event());
    await writeMemory(
      // A real count: an import recounts every memory (#12).
      memory({ id: 'm2', text: 'Prefers tea.', pinned: true, tokenCount: await countTokens('Prefers tea.') }),
      event({ id: 'e2', memoryId: 'm2' }),
    );
    const before = await readExport();
    await deleteDb();
    expect((await readExport()).memories).toEqual([]);
    const report = await importText(JSON.stringify(before));
    expect(report).toMatchObject({ kind: 'engram', conversations: 1, turns: 3, memories: 2, held: 1 });
    const after = await readExport();
    expect(after.conversations).toEqual(before.conversations);
    // A pinned memory from a file waits in Review with its pin (#25): the person approves it back.
    expect(after.memories[0]).toEqual(before.memories[0]);
    const pinned = after.memories[1];
    expect(pinned).toEqual({ ...before.memories[1], status: 'pending', history: expect.any(Array) });
    expect(pinned?.history.slice(0, -1)).toEqual(before.memories[1]?.history);
    expect(pinned?.history.at(-1)).toMatchObject({ op: 'add', actor: 'import' });
  });
});

describe('chunks and restarts', () => {
  test('a big export goes in chunks with progress, and a chunk lost to a restart is sent again', async () => {
    const conversations = Array.from({ length: 60 }, (_, i) => ({
      site: 'chatgpt' as const,
      id: `c${i}`,
      url: `https://chatgpt.com/c/c${i}`,
      title: `#${i}`,
      turns: [{ id: `u${i}`, role: 'user' as const, text: `hello ${i}`, createdAt: null }],
    }));
    const plan = { kind: 'chatgpt' as const, conversations, memories: [], jobs: [], usage: [], skipped: [] };
    expect(chunksOf(plan).map((c) => c.conversations.length)).toEqual([25, 25, 10]);
    const flaky = vi
      .fn(send)
      .mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'));
    const progress: number[] = [];
    const report = await runImport(
      plan,
      flaky,
      (p) => progress.push(p.done),
      async () => undefined,
    );
    expect(progress).toEqual([0, 25, 50, 60]);
    expect(flaky).toHaveBeenCalledTimes(4);
    expect(report).toMatchObject({ conversations: 60, turns: 60 });
    expect((await readExport()).conversations).toHaveLength(60);
  });

  test('chunks are capped by text as well as by count; a conversation larger than the cap goes alone, whole', () => {
    const conv = (i: number, chars: number) => ({
      site: 'chatgpt' as const,
      id: `c${i}`,
      url: `https://chatgpt.com/c/c${i}`,
      title: `#${i}`,
      turns: [{ id: `u${i}`, role: 'user' as const, text: 'x'.repeat(chars), createdAt: null }],
    });
    const conversations = [
      conv(0, 100_000),
      conv(1, 100_000),
      conv(2, 100_000),
      conv(3, 900_000),
      conv(4, 10),
    ];
    const plan = { kind: 'chatgpt' as const, conversations, memories: [], skipped: [], jobs: [], usage: [] };
    const chunks = chunksOf(plan);
    expect(chunks.map((c) => c.conversations.map((x) => (x as { id: string }).id))).toEqual([
      ['c0', 'c1'],
      ['c2'],
      ['c3'],
      ['c4'],
    ]);
    expect(chunks.flatMap((c) => c.conversations)).toEqual(conversations);
  });
});
