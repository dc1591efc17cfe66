// Imports are checked like stored records (#12): each case the issue found has a test. A bad record is
// refused with its reason and listed; its neighbours import; nothing already stored changes because of it.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { conversation, event, memory, turn } from '../../test/helpers/records';
import { handlers } from '../background/handlers';
import type { ImportChunk } from '../model/messages';
import { projectScopes, saveCapture, turnsOf } from '../store/conversations';
import { deleteDb } from '../store/db';
import { readExport } from '../store/export';
import { getMemory, historyOf, writeMemory } from '../store/memories';
import { countTokens } from '../tokens';
import { planImport } from './detect';
import { runImport } from './run';

const ext = { url: 'chrome-extension://x/options.html' };
const send = (chunk: ImportChunk) => handlers.importChunk(chunk, ext);
const importFile = (data: unknown) => runImport(planImport(JSON.stringify(data)), send, () => undefined);
const file = (conversations: unknown[], memories: unknown[] = []) => ({
  format: 'engram',
  version: 1,
  exportedAt: '2026-11-29T12:00:00.000Z',
  conversations,
  memories,
});

const AT = '2026-11-01T10:00:00.000Z';
const fileTurn = (over: Record<string, unknown> = {}) => ({
  id: 't1',
  role: 'user',
  text: 'I moved to Porto.',
  createdAt: AT,
  order: 0,
  superseded: false,
  capturedAt: AT,
  ...over,
});
const fileConversation = (over: Record<string, unknown> = {}) => ({
  site: 'chatgpt',
  id: 'c1',
  url: 'https://chatgpt.com/c/c1',
  title: 'Trip',
  scope: null,
  createdAt: AT,
  updatedAt: AT,
  turns: [fileTurn()],
  ...over,
});
const fileMemory = (over: Record<string, unknown> = {}) => {
  const m = { ...memory({ id: 'm9', text: 'Lives in Porto.' }), ...over };
  const added = memory({ id: m.id, text: String(m.text) });
  return { history: [event({ id: `e-${m.id}`, memoryId: m.id, after: added })], ...m };
};

beforeAll(() => countTokens('warm'), 60_000);
beforeEach(deleteDb);

describe('refused records', () => {
  test.each([
    [
      'a turn dated "yesterday-ish"',
      { turns: [fileTurn({ createdAt: 'yesterday-ish' })] },
      /turns\[0\]\.createdAt must be an ISO 8601 date/,
    ],
    [
      'a URL that is not a URL, in a project',
      { url: 'not a url', scope: 'project:chatgpt:g-p-1' },
      /url must be an https address/,
    ],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, /url must be an https address/],
    ['a URL on another host', { url: 'https://evil.example/c/c1' }, /url must be an https address/],
    ['a turn at order -1', { turns: [fileTurn({ order: -1 })] }, /turns\[0\]\.order must be at least 0/],
    ['an unknown role', { turns: [fileTurn({ role: 'system' })] }, /role must be one of "user", "assistant"/],
    ['two turns in one place', { turns: [fileTurn(), fileTurn({ id: 't2' })] }, /share one place/],
  ])('a conversation with %s is refused and listed; the others import', async (_, over, reason) => {
    const bad = fileConversation({ id: 'bad', title: 'Bad', ...over });
    const report = await importFile(file([bad, fileConversation()]));
    expect(report.conversations).toBe(1);
    expect(report.refused).toEqual([
      { what: 'Conversation “Bad” (bad)', reason: expect.stringMatching(reason) },
    ]);
    expect((await readExport()).conversations.map((c) => c.id)).toEqual(['c1']);
    await expect(projectScopes()).resolves.toBeInstanceOf(Map);
  });

  test.each([
    ['a date that is not one', { createdAt: 'yesterday-ish' }, /createdAt must be an ISO 8601 date/],
    [
      'a javascript: source link',
      { sources: [{ site: 'chatgpt', conversationId: 'c1', turnIds: [], url: 'javascript:alert(1)' }] },
      /sources\[0\]\.url must be an https address/,
    ],
    ['an unknown status', { status: 'zombie' }, /status must be one of/],
    ['a priority out of range', { priority: 500 }, /priority must be at most 100/],
  ])('a memory with %s is refused and listed; the export still works', async (_, over, reason) => {
    const report = await importFile(file([], [fileMemory(over), fileMemory({ id: 'm8', history: [] })]));
    expect(report.memories).toBe(1);
    expect(report.refused).toEqual([
      { what: 'Memory “Lives in Porto.” (m9)', reason: expect.stringMatching(reason) },
    ]);
    expect((await readExport()).memories.map((m) => m.id)).toEqual(['m8']);
  });

  test('a history event about another memory is refused', async () => {
    const m = fileMemory();
    const report = await importFile(file([], [{ ...m, history: [{ ...m.history[0], memoryId: 'other' }] }]));
    expect(report.refused[0]?.reason).toBe('history event e-m9 belongs to another memory');
  });

  test('a bad newer copy of a stored memory changes nothing stored', async () => {
    await writeMemory(memory({ id: 'm9', text: 'Lives in Lisbon.' }), event({ id: 'e1', memoryId: 'm9' }));
    const before = await readExport();
    const report = await importFile(
      file([], [fileMemory({ updatedAt: '2030-01-01T00:00:00.000Z', confidence: 7 })]),
    );
    expect(report.refused).toHaveLength(1);
    expect(await readExport()).toEqual({ ...before, exportedAt: expect.any(String) });
  });

  test('a bad newer copy of a stored conversation changes nothing stored', async () => {
    await saveCapture({ conversation: conversation(), turns: [turn({ text: 'I moved to Porto in May.' })] });
    const before = await readExport();
    const later = '2030-01-01T00:00:00.000Z';
    const bad = fileConversation({ title: 'Renamed', updatedAt: later, turns: [fileTurn({ order: -1 })] });
    const report = await importFile(file([bad]));
    expect(report).toMatchObject({ conversations: 0, refused: [expect.anything()] });
    expect(await readExport()).toEqual({ ...before, exportedAt: expect.any(String) });
    expect((await turnsOf('chatgpt:c1')).map((t) => t.text)).toEqual(['I moved to Porto in May.']);
  });
});

describe('accepted records', () => {
  test('token counts are recounted, and a file that lacks them imports', async () => {
    const long = 'I keep a detailed log of every bird I see on my morning walks along the river. '
      .repeat(20)
      .trim();
    const without: Record<string, unknown> = fileMemory({ id: 'm7', text: 'Lives in Porto.' });
    delete without.tokenCount;
    const report = await importFile(
      file([], [fileMemory({ text: long, tokenCount: 0 }), { ...without, history: [] }]),
    );
    expect(report).toMatchObject({ memories: 2, refused: [] });
    expect((await getMemory('m9'))?.tokenCount).toBeGreaterThan(200);
    expect((await getMemory('m7'))?.tokenCount).toBeGreaterThan(2);
  });

  test('an older backup never overwrites a newer edit; a newer one replaces an older copy', async () => {
    const edited = memory({
      id: 'm9',
      text: 'Lives in Porto, near the river.',
      updatedAt: '2026-11-20T00:00:00.000Z',
    });
    // The extractor's edit: a memory the person wrote themselves changes only through Review (hostile.test.ts).
    await writeMemory(edited, event({ id: 'e-edit', memoryId: 'm9', after: edited, actor: 'extractor' }));
    const old = await importFile(file([], [fileMemory({ updatedAt: '2026-11-10T00:00:00.000Z' })]));
    expect(old).toMatchObject({ memories: 0, kept: 1, refused: [] });
    expect((await getMemory('m9'))?.text).toBe('Lives in Porto, near the river.');
    const newer = await importFile(
      file([], [fileMemory({ text: 'Lives in Braga.', updatedAt: '2026-11-25T00:00:00.000Z' })]),
    );
    expect(newer).toMatchObject({ memories: 1, kept: 0 });
    expect((await getMemory('m9'))?.text).toBe('Lives in Braga.');
    expect((await historyOf('m9')).map((e) => e.id).sort()).toEqual(['e-edit', 'e-m9']);
  });

  test('a deleted memory is not revived by a backup made before the delete', async () => {
    const deleted = memory({
      id: 'm9',
      text: 'Lives in Porto.',
      status: 'deleted',
      updatedAt: '2026-11-20T00:00:00.000Z',
    });
    await writeMemory(deleted, event({ id: 'e-del', memoryId: 'm9', op: 'delete', after: deleted }));
    await importFile(file([], [fileMemory({ updatedAt: AT })]));
    expect((await getMemory('m9'))?.status).toBe('deleted');
  });

  test('an older copy of a conversation keeps the newer stored one and its turns', async () => {
    const newer = conversation({ updatedAt: '2026-11-20T00:00:00.000Z', title: 'Trip (renamed)' });
    await saveCapture({ conversation: newer, turns: [turn({ text: 'I moved to Porto in May.' })] });
    const report = await importFile(file([fileConversation()]));
    expect(report).toMatchObject({ conversations: 0, kept: 1 });
    expect((await turnsOf('chatgpt:c1')).map((t) => t.text)).toEqual(['I moved to Porto in May.']);
  });
});
