import {
  hasSharedExports,
  loadExport,
  loadSharedExport,
  sketch,
  type TurnSketch,
} from '../../../test/fixtures/exports/load';
import { parseChatgptExport } from './export';
import { ChatgptConversation, chatgptConversation } from './payload';

function node(id: string, parent: string | null, role: string, text: string, extra: object = {}) {
  return {
    id,
    parent,
    children: [],
    message: {
      id,
      author: { role },
      recipient: 'all',
      content: { content_type: 'text', parts: [text] },
      metadata: {},
      create_time: 1735689600,
      ...extra,
    },
  };
}

function conversation(nodes: ReturnType<typeof node>[], current: string, extra: object = {}) {
  return ChatgptConversation.parse({
    id: 'c1',
    title: 'T',
    current_node: current,
    mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
    some_future_field: { anything: true },
    ...extra,
  });
}

describe('ChatGPT conversation JSON', () => {
  it('follows current_node through parents, so a regenerated sibling is not on the branch', () => {
    const conv = conversation(
      [
        node('u1', null, 'user', 'Hi'),
        node('a-old', 'u1', 'assistant', 'Old answer'),
        node('a-new', 'u1', 'assistant', 'New answer'),
      ],
      'a-new',
    );
    const result = chatgptConversation(conv);
    expect(typeof result === 'string' ? result : result.turns.map((t) => [t.id, t.text])).toEqual([
      ['u1', 'Hi'],
      ['a-new', 'New answer'],
    ]);
  });

  it('skips system, tool, tool calls, hidden messages, vendor memory, thoughts and empty placeholders', () => {
    const conv = conversation(
      [
        node('s', null, 'system', 'You are ChatGPT'),
        node('mem', 's', 'assistant', '', { content: { content_type: 'model_editable_context' } }),
        node('ci', 'mem', 'user', '', { content: { content_type: 'user_editable_context' } }),
        node('hidden', 'ci', 'user', 'secret', { metadata: { is_visually_hidden_from_conversation: true } }),
        node('u', 'hidden', 'user', 'Question'),
        node('th', 'u', 'assistant', '', { content: { content_type: 'thoughts', thoughts: [] } }),
        node('rr', 'th', 'assistant', '', {
          content: { content_type: 'reasoning_recap', content: 'Thought' },
        }),
        node('call', 'rr', 'assistant', '{"q":1}', { recipient: 'python' }),
        node('tool', 'call', 'tool', 'result'),
        node('empty', 'tool', 'assistant', ''),
        node('a', 'empty', 'assistant', 'Answer'),
      ],
      'a',
    );
    const result = chatgptConversation(conv);
    expect(typeof result === 'string' ? result : result.turns.map((t) => t.id)).toEqual(['u', 'a']);
  });

  it('joins text parts and the text of multimodal parts, dropping images', () => {
    const conv = conversation(
      [
        node('u', null, 'user', '', {
          content: {
            content_type: 'multimodal_text',
            parts: [
              { content_type: 'image_asset_pointer', asset_pointer: 'file://x' },
              'Look at this',
              ' and this ',
            ],
          },
        }),
      ],
      'u',
    );
    const result = chatgptConversation(conv);
    expect(typeof result === 'string' ? result : result.turns[0]).toEqual({
      id: 'u',
      role: 'user',
      text: 'Look at this\n\nand this',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('reports a broken branch and reads is_do_not_remember', () => {
    expect(chatgptConversation(conversation([node('u', 'missing', 'user', 'Hi')], 'u'))).toMatch(/root/);
    expect(chatgptConversation(conversation([node('u', null, 'user', 'Hi')], 'gone'))).toMatch(/root/);
    expect(chatgptConversation(conversation([], ''))).toBe('no current_node');
    const result = chatgptConversation(
      conversation([node('u', null, 'user', 'Hi')], 'u', { is_do_not_remember: true }),
    );
    expect(typeof result !== 'string' && result.private).toBe(true);
  });

  it('rejects a payload without a mapping', () => {
    expect(ChatgptConversation.safeParse({ id: 'x', messages: [] }).success).toBe(false);
  });
});

describe('ChatGPT export, hand-made 2025 shape (chatgpt-export-2025.json)', () => {
  const result = parseChatgptExport(loadExport('chatgpt-export-2025.json'));

  it('keeps the visible branch and drops thoughts, recaps, vendor memory, tools and hidden nodes', () => {
    expect(result.conversations.map((c) => [c.id, c.title])).toEqual([
      ['68a0c0de-0000-4000-8000-000000000001', 'Sourdough schedule'],
    ]);
    expect(result.conversations[0]?.turns.map((t) => [t.id, t.role, t.text])).toEqual([
      ['u1', 'user', 'Here is my starter. When should I feed it before baking on Saturday?'],
      [
        'a1',
        'assistant',
        'Feed it Friday around 8 pm, then mix the dough Saturday morning when it has doubled.',
      ],
      ['u2', 'user', 'And if the kitchen is cold?'],
      ['a2', 'assistant', 'Give it two more hours, or put it in the oven with only the light on.'],
    ]);
    const all = JSON.stringify(result.conversations);
    for (const gone of [
      'Lisbon',
      'bake on weekends',
      'Planning',
      'Thought for',
      'search',
      'older answer',
      'Hidden',
    ])
      expect(all).not.toContain(gone);
  });

  it('skips a do-not-remember conversation and says why', () => {
    expect(result.skipped).toEqual([{ title: 'Temporary thing', reason: 'marked do-not-remember' }]);
  });
});

// Real 2023 export: the visible branch of each conversation, written down by walking current_node by hand.
// Only id prefixes, roles and lengths are kept here; the text stays in ../shared.
const EXPECTED_2023: Record<string, TurnSketch[]> = {
  'Indexing 10-row SQL tables': [
    ['aaa2c132', 'user', 67],
    ['fe76a7eb', 'assistant', 1185],
  ],
  "Add 'Open with Code'": [
    ['c8b13a2c', 'user', 136],
    ['f48f19d1', 'assistant', 924],
  ],
  // A regenerate branch: 50d1ea72 answered c42c6b04 first and is not on the visible branch.
  'Logo design for Pieterkuppens.net.': [
    ['4f8522a7', 'user', 447],
    ['3aac083c', 'assistant', 288],
    ['99f01d08', 'user', 261],
    ['968e3b65', 'assistant', 1018],
    ['21c45853', 'user', 68],
    ['e05424d0', 'assistant', 340],
    ['c42c6b04', 'user', 79],
    ['d80333b5', 'assistant', 478],
    ['18dd45a4', 'user', 58],
    ['101363c9', 'assistant', 1098],
    ['faffb887', 'user', 42],
    ['5c6fc68f', 'assistant', 1329],
    ['c279ae78', 'user', 86],
    ['7908547d', 'assistant', 722],
  ],
  // A plugin call (recipient show_me.get_MermaidRoute) and its tool reply are not turns.
  'GitHub Wikis & Source Code': [
    ['aaa2abab', 'user', 72],
    ['4966dd2a', 'assistant', 1257],
    ['aaa2a283', 'user', 78],
    ['6be93cb6', 'assistant', 748],
  ],
};

describe.skipIf(!hasSharedExports())('ChatGPT export, real 2023 sample', () => {
  it('imports exactly the visible turns of every conversation', () => {
    const result = parseChatgptExport(loadSharedExport('chatgpt-export-2023.json'));
    const got = Object.fromEntries(result.conversations.map((c) => [c.title, sketch(c.turns)]));
    console.log(
      'chatgpt-export-2023 turns per conversation:',
      result.conversations.map((c) => c.turns.length),
    );
    expect(got).toEqual(EXPECTED_2023);
    expect(result.skipped).toEqual([]);
    expect(result.conversations.every((c) => c.url === `https://chatgpt.com/c/${c.id}`)).toBe(true);
  });
});
