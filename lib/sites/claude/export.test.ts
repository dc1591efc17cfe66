// Claude exports read in the order the messages happened (#12), not in array order.
import { describe, expect, test } from 'vitest';
import { hasSharedExports, loadExport, loadSharedExport, sketch } from '../../../test/fixtures/exports/load';
import { exportOrder, parseClaudeExport } from './export';
import { ClaudeConversation } from './payload';

const turnsOf = (raw: unknown) =>
  parseClaudeExport(raw).conversations.map((c) => c.turns.map((t) => `${t.role}: ${t.text}`));

describe('out-of-order Claude export (test/fixtures/exports/claude-export-out-of-order.json)', () => {
  const [noParents, chain, broken] = turnsOf(loadExport('claude-export-out-of-order.json'));

  test('without parent ids: by created_at; a message without a time stays after the one before it', () => {
    expect(noParents).toEqual([
      "user: I'm moving to Porto in March with my two kids.",
      'assistant: Congratulations! Porto is a great city for families.',
      'user: My daughter Ana starts school there in September.',
      'assistant: Then you will want to apply to schools before June.',
      'user: Thanks, that helps.',
    ]);
  });

  test('with parent ids: the chain to the newest leaf, even against a skewed clock; the edited-away branch is not read', () => {
    expect(chain).toEqual([
      'user: I work as a hospital pharmacist.',
      'assistant: That is a demanding job.',
      'user: I run 40 km a week, training for the Berlin marathon.',
      'assistant: Forty a week is a good start for Berlin.',
    ]);
  });

  test('a parent link to a missing message falls back to time order, losing nothing', () => {
    expect(broken).toEqual([
      'user: Our dog is called Biscuit.',
      'assistant: Biscuit is a lovely name.',
      'user: He flies with us in the cabin.',
      "assistant: Check the airline's cabin weight limit.",
    ]);
  });

  test('ties in created_at keep array order (stable)', () => {
    const at = '2025-01-01T00:00:00Z';
    const conv = ClaudeConversation.parse({
      uuid: 'c',
      chat_messages: ['a', 'b', 'c'].map((uuid) => ({ uuid, sender: 'human', created_at: at, text: uuid })),
    });
    expect(exportOrder(conv).chat_messages.map((m) => m.uuid)).toEqual(['a', 'b', 'c']);
  });
});

describe.skipIf(!hasSharedExports())('conformance: the real 2025 Claude export (../shared)', () => {
  test('reversed, shuffled or given parent links, it reads the same two turns in the same order', () => {
    const real = loadSharedExport('claude-export-2025.json') as { chat_messages: { uuid: string }[] }[];
    const expected = [
      ['f5885afd', 'user', 79],
      ['0abf9869', 'assistant', 995],
    ];
    const reversed = real.map((c) => ({ ...c, chat_messages: [...c.chat_messages].reverse() }));
    const linked = reversed.map((c) => ({
      ...c,
      chat_messages: c.chat_messages.map((m, i, all) => ({
        ...m,
        // Reversed: the parent of each message is the next one in the array, the first's is the root.
        parent_message_uuid: all[i + 1]?.uuid ?? '00000000-0000-4000-8000-000000000000',
      })),
    }));
    for (const raw of [real, reversed, linked])
      expect(sketch(parseClaudeExport(raw).conversations[0]?.turns ?? [])).toEqual(expected);
  });
});
