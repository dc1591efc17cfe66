// A data export from ChatGPT or Claude holds every block Engram ever inserted into a prompt (#25 item 4): it is
// fenced out like a capture's (lib/store/conversation-records.ts), so the lines of memories since deleted forever
// never come back as turn text, in past-chat quotes or in extraction.
import { beforeEach, describe, expect, test } from 'vitest';
import { loadExport } from '../../test/fixtures/exports/load';
import { handleImportChunk } from '../background/import/import-chunk';
import type { ImportChunk } from '../model/messages';
import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/block';
import { ENGLISH_BLOCK } from '../recall/words';

const BLOCK_INTRO = ENGLISH_BLOCK.intro;
import { turnsOf } from '../store/conversations';
import { deleteDb } from '../store/db';
import { planImport } from './detect';
import { runImport } from './run';

const send = (chunk: ImportChunk) => handleImportChunk(chunk);
const importData = (data: unknown) => runImport(planImport(JSON.stringify(data)), send, () => undefined);

beforeEach(deleteDb);

describe("vendor exports carry Engram's own block in the turns it was inserted into", () => {
  const block = [BLOCK_OPEN, BLOCK_INTRO, 'About me:', '- Owns a sailboat called Petrel.', BLOCK_CLOSE].join(
    '\n',
  );

  test('a ChatGPT export: the block is fenced out like a capture, the question stays', async () => {
    const data = loadExport('chatgpt-export-2025.json') as {
      mapping: Record<
        string,
        { message: { content: { parts?: string[] }; author: { role: string } } | null }
      >;
    }[];
    const user = Object.values(data[0]!.mapping).find(
      (n) => n.message?.author.role === 'user' && typeof n.message.content.parts?.[0] === 'string',
    );
    const question = user!.message!.content.parts![0]!;
    user!.message!.content.parts![0] = `${block}\n\n${question}`;
    await importData(data);
    const turns = await turnsOf('chatgpt:68a0c0de-0000-4000-8000-000000000001');
    expect(turns.map((t) => t.text).join('\n')).not.toContain('sailboat');
    expect(turns.map((t) => t.text)).toContain(question);
  });

  test('a Claude export: the same', async () => {
    const data = loadExport('claude-export-out-of-order.json') as {
      chat_messages: { sender: string; text: string; content?: { type: string; text: string }[] }[];
    }[];
    const user = data[0]!.chat_messages.find((m) => m.sender === 'human')!;
    if (user.text) user.text = `${block}\n\n${user.text}`;
    for (const c of user.content ?? []) if (c.type === 'text') c.text = `${block}\n\n${c.text}`;
    const report = await importData(data);
    expect(report.turns).toBeGreaterThan(0);
    const turns = await turnsOf(`claude:${(data[0] as unknown as { uuid: string }).uuid}`);
    expect(turns.length).toBeGreaterThan(0);
    expect(turns.map((t) => t.text).join('\n')).not.toContain('sailboat');
  });
});
