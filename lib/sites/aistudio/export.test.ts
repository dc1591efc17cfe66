import fs from 'node:fs';
import path from 'node:path';
import { SHARED_PAGES } from '../../../test/fixtures/pages/load';
import { looksLikeAistudioPrompt, parseAistudioPrompt } from './export';

const EXPORT = path.resolve(SHARED_PAGES, '../exports/aistudio-prompt-export-2026-01.json');

describe('AI Studio saved prompt (Drive JSON)', () => {
  it('reads prompts and answers, never a thought chunk, as one conversation', () => {
    const raw = {
      runSettings: { model: 'models/gemini-3-flash-preview' },
      chunkedPrompt: {
        chunks: [
          { role: 'user', text: 'I bake on Saturdays.\nWhen should I feed my starter?' },
          { role: 'model', text: 'The user bakes weekly.', isThought: true },
          { role: 'model', text: 'Feed it on Friday night.' },
          { role: 'model', text: '' },
        ],
        pendingInputs: [{ role: 'user', text: '' }],
      },
    };
    expect(looksLikeAistudioPrompt(raw)).toBe(true);
    const { conversations, skipped } = parseAistudioPrompt(raw);
    expect(skipped).toEqual([]);
    expect(conversations).toHaveLength(1);
    const [conversation] = conversations;
    expect(conversation).toMatchObject({ site: 'aistudio', title: 'I bake on Saturdays.', private: false });
    expect(conversation?.turns.map((t) => [t.role, t.text])).toEqual([
      ['user', 'I bake on Saturdays.\nWhen should I feed my starter?'],
      ['assistant', 'Feed it on Friday night.'],
    ]);
    // The same first prompt is the same conversation, however long the file grows.
    const longer = {
      ...raw,
      chunkedPrompt: { chunks: [...raw.chunkedPrompt.chunks, { role: 'user', text: 'Rye?' }] },
    };
    expect(parseAistudioPrompt(longer).conversations[0]?.id).toBe(conversation?.id);
  });

  it('is not mistaken for another export, and says so for a file that is not one', () => {
    expect(looksLikeAistudioPrompt([{ mapping: {} }])).toBe(false);
    expect(looksLikeAistudioPrompt({ format: 'engram' })).toBe(false);
    expect(() => parseAistudioPrompt({ runSettings: {}, chunkedPrompt: {} })).toThrow(
      /not an AI Studio prompt/,
    );
    expect(parseAistudioPrompt({ runSettings: {}, chunkedPrompt: { chunks: [] } }).skipped).toHaveLength(1);
  });

  it.skipIf(!fs.existsSync(EXPORT))(
    'reads the real file: one prompt, one answer, the thought left out',
    () => {
      const { conversations } = parseAistudioPrompt(JSON.parse(fs.readFileSync(EXPORT, 'utf8')));
      expect(conversations[0]?.turns.map((t) => [t.role, t.text])).toEqual([
        ['user', 'Привет'],
        ['assistant', 'Привет! Чем я могу вам помочь сегодня?'],
      ]);
    },
  );
});
