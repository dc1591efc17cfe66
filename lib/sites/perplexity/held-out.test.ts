// Held-out Perplexity layouts (#36): the two Perplexity pages the reader read nothing of (a 2025 layout; a
// 2026 Russian research thread of 14 turns), rebuilt by hand, since they are not in ../shared.
import { loadPage } from '../../../test/fixtures/pages/load';
import { findComposer, parseTurns } from './parse';

describe('Perplexity, held out', () => {
  it('a 2025-style layout without the 2026 thread column: both queries and answers, not the Library card, and its prompt box', () => {
    const doc = loadPage('perplexity-2025-held-out.html');
    expect(parseTurns(doc).map((t) => [t.role, t.text])).toEqual([
      ['user', 'Is Lisbon sunny in May?'],
      ['assistant', 'Mostly: about nine hours of sun a day.'],
      ['user', 'And in October?'],
      ['assistant', 'Less: about seven hours, with some rain.'],
    ]);
    // The 2025 prompt box, a textarea without the 2026 editor's id: Insert memory found no composer here.
    expect(findComposer(doc)?.localName).toBe('textarea');
  });

  it('a Russian research thread: 7 queries and 7 answers, never the research steps', () => {
    const turns = parseTurns(loadPage('perplexity-2026-research-ru.html'));
    expect(turns).toHaveLength(14);
    expect(turns.map((t) => t.role)).toEqual(
      Array.from({ length: 14 }, (_, i) => (i % 2 ? 'assistant' : 'user')),
    );
    expect(turns[0]?.text).toBe('Какой климат в Порту?');
    expect(turns[13]?.text).toBe('Пожалуйста, удачного переезда.');
    for (const turn of turns) expect(turn.text).not.toMatch(/Исследование|Поиск:|Чтение источников/);
  });
});
