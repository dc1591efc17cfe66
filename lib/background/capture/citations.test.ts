// Every path that stores turns strips ChatGPT's private-use reference markup (#12): site JSON and page
// captures (handlers.captureTurns), vendor exports and Engram files (handlers.importChunk).
import { beforeEach, describe, expect, test } from 'vitest';
import { hasSharedExports, loadExport, loadSharedExport } from '../../../test/fixtures/exports/load';
import { planImport } from '../../import/detect';
import { runImport } from '../../import/run';
import type { ImportChunk } from '../../model/messages';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { settingsItem } from '../../settings';
import { turnsOf } from '../../store/conversations';
import { deleteDb } from '../../store/db';
import { readExport } from '../../store/export';
import { handlers } from '../handlers';

const PUA = /[\uE200-\uE2FF]/;
const options = { url: 'chrome-extension://x/options.html' };
const importText = (text: string) =>
  runImport(
    planImport(text),
    (chunk: ImportChunk) => handlers.importChunk(chunk, options),
    () => undefined,
  );

beforeEach(async () => {
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

describe('stored turns carry no reference markup', () => {
  test.each(['api', 'page'] as const)('a ChatGPT capture by %s', async (strategy) => {
    const answer =
      'Enrolment opens in May \uE200cite\uE202turn0search0\uE201 near \uE200entity\uE202["place","Boavista"]\uE201.';
    await handlers.captureTurns(
      {
        site: 'chatgpt',
        conversationId: 'c1',
        url: 'https://chatgpt.com/c/c1',
        title: 'Schools',
        strategy,
        turns: [
          { id: 'u1', role: 'user', text: 'When does enrolment open?', createdAt: null },
          { id: 'a1', role: 'assistant', text: answer, createdAt: null },
        ],
      },
      { url: 'https://chatgpt.com/c/c1', tab: { id: 1 } },
    );
    expect((await turnsOf('chatgpt:c1')).map((t) => t.text)).toEqual([
      'When does enrolment open?',
      'Enrolment opens in May near Boavista.',
    ]);
  });

  test('a ChatGPT export with citations, then the Engram file of an older version that kept them', async () => {
    await importText(JSON.stringify(loadExport('chatgpt-export-citations.json')));
    const key = 'chatgpt:68b6d000-0000-4000-8000-00000000c17e';
    const [, answer] = await turnsOf(key);
    expect(answer?.text).toBe(
      "Porto's public schools open enrolment in May. Schools near Boavista fill first.\n\n" +
        'Your lease notes say the deposit is two months.',
    );
    const file = await readExport();
    const dirty = JSON.stringify(file).replace(
      'open enrolment in May.',
      'open enrolment in May \\ue200cite\\ue202turn0search0\\ue201.',
    );
    expect(dirty).toMatch(/\\ue200cite/);
    await deleteDb();
    await importText(dirty);
    expect((await turnsOf(key)).some((t) => PUA.test(t.text))).toBe(false);
  });
});

interface RealExport {
  conversation_id?: string;
  id?: string;
  mapping: Record<string, { message?: { author: { role: string }; content: { parts?: unknown[] } } | null }>;
}

describe.skipIf(!hasSharedExports())('conformance: the real 2023 ChatGPT export (../shared)', () => {
  test('read by its parent links, not its key order; a citation added to a real answer is stripped', async () => {
    const real = loadSharedExport('chatgpt-export-2023.json') as RealExport[];
    await importText(JSON.stringify(real));
    const keys = real.map((c) => `chatgpt:${c.conversation_id ?? c.id}`);
    const before = await Promise.all(keys.map(async (k) => (await turnsOf(k)).map((t) => [t.id, t.text])));
    expect(before.flat().some(([, text]) => PUA.test(text ?? ''))).toBe(false);
    const shuffled = real.map((c) => {
      const mapping = Object.fromEntries(Object.entries(c.mapping).reverse());
      const answer = Object.values(mapping).find(
        (n) => n.message?.author.role === 'assistant' && typeof n.message.content.parts?.[0] === 'string',
      );
      if (answer?.message?.content.parts)
        answer.message.content.parts[0] += ' \uE200cite\uE202turn0search0\uE201';
      return { ...c, mapping };
    });
    await deleteDb();
    await importText(JSON.stringify(shuffled));
    const after = await Promise.all(keys.map(async (k) => (await turnsOf(k)).map((t) => [t.id, t.text])));
    expect(after).toEqual(before);
  });
});
