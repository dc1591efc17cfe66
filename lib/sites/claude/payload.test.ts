import { hasSharedExports, loadSharedExport, sketch } from '../../../test/fixtures/exports/load';
import { parseClaudeExport } from './export';
import { ClaudeConversation, ROOT_UUID, claudeConversation } from './payload';

const text = (t: string) => ({ type: 'text', text: t, citations: [] });
const msg = (uuid: string, parent: string, sender: string, content: object[], extra: object = {}) => ({
  uuid,
  parent_message_uuid: parent,
  sender,
  content,
  created_at: '2026-10-01T10:00:00.000000Z',
  ...extra,
});

function conversation(messages: object[], leaf: string | null, extra: object = {}) {
  return ClaudeConversation.parse({
    uuid: 'conv-1',
    name: 'Plans',
    current_leaf_message_uuid: leaf,
    chat_messages: messages,
    unknown_future_field: 1,
    ...extra,
  });
}

describe('Claude conversation JSON', () => {
  it('walks from the current leaf to the root, leaving the edited branch out', () => {
    const conv = conversation(
      [
        msg('h1', ROOT_UUID, 'human', [text('First try')]),
        msg('a1', 'h1', 'assistant', [text('Answer to first try')]),
        msg('h1b', ROOT_UUID, 'human', [text('Edited question')]),
        msg('a1b', 'h1b', 'assistant', [text('Answer to the edit')]),
      ],
      'a1b',
    );
    const result = claudeConversation(conv);
    expect(typeof result === 'string' ? result : result.turns.map((t) => [t.id, t.role, t.text])).toEqual([
      ['h1b', 'user', 'Edited question'],
      ['a1b', 'assistant', 'Answer to the edit'],
    ]);
  });

  it('reads only text blocks: thinking, tool use and tool results are not the answer', () => {
    const conv = conversation(
      [
        msg('h', ROOT_UUID, 'human', [text('Weather in Porto?')]),
        msg(
          'a',
          'h',
          'assistant',
          [
            { type: 'thinking', thinking: 'The user wants weather.' },
            text('Let me check.'),
            { type: 'tool_use', name: 'web_search', input: { q: 'porto' } },
            { type: 'tool_result', content: [text('18°C')] },
            text(''),
            text('It is 18°C and sunny.'),
          ],
          { text: 'The user wants weather. Let me check. It is 18°C and sunny.' },
        ),
      ],
      'a',
    );
    const result = claudeConversation(conv);
    expect(typeof result === 'string' ? result : result.turns[1]?.text).toBe(
      'Let me check.\n\nIt is 18°C and sunny.',
    );
  });

  it('reads is_temporary, reports a broken chain and rejects a foreign shape', () => {
    const temp = claudeConversation(
      conversation([msg('h', ROOT_UUID, 'human', [text('hi')])], 'h', { is_temporary: true }),
    );
    expect(typeof temp !== 'string' && temp.private).toBe(true);
    expect(claudeConversation(conversation([msg('h', 'lost', 'human', [text('hi')])], 'h'))).toMatch(/root/);
    expect(ClaudeConversation.safeParse({ uuid: 'x', messages: [] }).success).toBe(false);
  });
});

describe.skipIf(!hasSharedExports())('Claude export, real 2025 sample', () => {
  it('imports the two visible turns, the answer without its thinking', () => {
    const result = parseClaudeExport(loadSharedExport('claude-export-2025.json'));
    console.log(
      'claude-export-2025 turns per conversation:',
      result.conversations.map((c) => c.turns.length),
    );
    expect(result.skipped).toEqual([]);
    expect(result.conversations.map((c) => [c.id, c.title, c.url])).toEqual([
      [
        'b49c0fc0-85d8-475c-bd2d-ee89f31f592c',
        'Bleep bloop',
        'https://claude.ai/chat/b49c0fc0-85d8-475c-bd2d-ee89f31f592c',
      ],
    ]);
    const turns = result.conversations[0]?.turns ?? [];
    expect(sketch(turns)).toEqual([
      ['f5885afd', 'user', 79],
      ['0abf9869', 'assistant', 995],
    ]);
    expect(turns[0]?.text).toBe(
      'Tell me about the facts behind the belief that dog saliva is anti bacterial etc',
    );
    // The flat `text` field starts with the thinking; the answer starts with its first text block.
    expect(turns[1]?.text.startsWith('Dog saliva does contain some antibacterial compounds')).toBe(true);
    expect(turns[1]?.text).not.toContain('The user is asking');
    expect(turns[1]?.createdAt).toBe('2025-07-06T03:10:24.798Z');
  });
});
