// #28: a line of the conversation that matched best rises above a line of another conversation that shares as
// little with the question (eval:recall: the answer shares only a name with it, beside lines of many other
// conversations that share the same name).
import { describe, expect, test } from 'vitest';
import { memory } from '../../test/helpers/records';
import { viewFor } from '../past/memory-answer';
import { loadSqlite, memoryTable } from '../past/memory-db';
import type { Recallable } from './index';
import { rankLines } from './recall';
import { bySession, sessionOf } from './sessions';

await loadSqlite();

const NOW = Date.parse('2026-11-29T12:00:00Z');
const from = (turn: string) => ({ evidence: [turn] });
const line = (id: string, text: string, turn?: string): Recallable => ({
  ...memory({ id, text, tokenCount: 12, mentionedAt: '2026-06-01T00:00:00.000Z' }),
  ...(turn ? from(turn) : {}),
});

describe('bySession', () => {
  test('the answer beside the best match outranks same-name lines of other chats', () => {
    const table = memoryTable([
      line('photo', 'Jon shares a photo of a clipboard with a notepad attached to it.', 'claude:studio:t1'),
      line(
        'notes',
        'Jon notes his goals, tracking achievements and areas for improvement.',
        'claude:studio:t3',
      ),
      ...['jazz', 'dogs', 'bikes', 'tea'].map((w, i) => line(w, `Jon likes ${w}.`, `chatgpt:c${i}:t1`)),
    ]);
    const input = {
      draft: 'How does Jon use the clipboard?',
      recent: [],
      scopes: null,
      budgetTokens: 600,
      now: NOW,
    };
    const order = rankLines(viewFor(table, input), input).ranked.map((r) => r.memory.id);
    expect(order.slice(0, 2)).toEqual(['photo', 'notes']);
  });

  test('a conversation is its turns without the turn; a memory with no source is its own', () => {
    expect(sessionOf(line('a', 'x', 'claude:4b1c:t7'))).toBe('claude:4b1c');
    expect(sessionOf(line('b', 'x'))).toBe('memory:b');
    const ranked = [5, 1, 1].map((score, i) => ({
      memory: line(`m${i}`, 'x', i === 2 ? 'c:one:t2' : `c:${i === 0 ? 'one' : 'two'}:t1`),
      score,
      terms: () => new Set<string>(),
    }));
    // The best conversation (5 + 1 over three lines) lifts its weak line above the other chat's equal one.
    expect(bySession(ranked).map((r) => r.memory.id)).toEqual(['m0', 'm2', 'm1']);
  });
});
