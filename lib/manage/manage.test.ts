import { expect, test } from 'vitest';
import { memory } from '../../test/helpers/records';
import { memoriesMarkdown } from './markdown';
import { NO_FILTERS, scopesOf, visibleMemories } from './query';
import { MemoryIndex } from './search';
import { usageByDay } from './usage';

const src = { site: 'claude' as const, conversationId: 'c', turnIds: [], url: null };
const all = [
  memory({ id: 'a', text: 'I live in Porto.', updatedAt: '2026-11-01T10:00:00.000Z', priority: 10 }),
  memory({ id: 'b', text: 'Answer briefly.', type: 'instruction', priority: -1, sources: [src] }),
  memory({ id: 'c', text: 'I like green tea.', type: 'preference', pinned: true, scope: 'site:claude' }),
  memory({ id: 'd', text: 'Old deleted fact.', status: 'deleted' }),
  memory({
    id: 'e',
    text: 'Proposed: I moved to Porto.',
    status: 'pending',
    updatedAt: '2026-11-03T10:00:00.000Z',
  }),
];
const ids = (f: Partial<typeof NO_FILTERS>, hits: string[] | null = null) =>
  visibleMemories(all, { ...NO_FILTERS, ...f }, hits).map((m) => m.id);

test('filters by status (Trash apart), type, site, scope and pinned', () => {
  expect(ids({})).toEqual(['e', 'a', 'b', 'c']);
  expect(ids({ status: 'trash' })).toEqual(['d']);
  expect(ids({ status: 'pending' })).toEqual(['e']);
  expect(ids({ type: 'instruction' })).toEqual(['b']);
  expect(ids({ site: 'claude' })).toEqual(['b']);
  expect(ids({ site: 'none', status: 'active' })).toEqual(['a', 'c']);
  expect(ids({ scope: 'site:claude' })).toEqual(['c']);
  expect(ids({ pinned: 'pinned' })).toEqual(['c']);
  expect(scopesOf(all)).toEqual(['global', 'site:claude']);
});

test('sorts standing rules first by priority; a search orders by relevance', () => {
  expect(ids({ sort: 'priority' })).toEqual(['b', 'e', 'c', 'a']);
  expect(ids({}, ['a', 'd', 'e'])).toEqual(['a', 'e']);
});

test('the search index follows edits, additions and removals incrementally', () => {
  const index = new MemoryIndex();
  index.sync(all);
  expect(index.search('port')?.sort()).toEqual(['a', 'e']);
  expect(index.search('  ')).toBeNull();
  index.sync([memory({ id: 'a', text: 'I live in Lisbon.' }), all[2]!]);
  expect(index.size).toBe(2);
  expect(index.search('porto')).toEqual([]);
  expect(index.search('lisb')).toEqual(['a']);
  expect(index.search('gren tea')).toEqual(['c']);
});

// #28: MiniSearch's own tokenizer split on spaces and punctuation, so 抹茶 found nothing in a Japanese sentence.
test('the search finds a noun inside Japanese, Chinese and Korean text, also while it is typed', () => {
  const index = new MemoryIndex();
  index.sync([
    memory({ id: 'ja', text: '私は大阪に住んでいて、毎朝抹茶を飲みます。' }),
    memory({ id: 'zh', text: '我周末喜欢去西湖边骑自行车。' }),
    memory({ id: 'ko', text: '바다가 보이는 호텔을 좋아한다.' }),
    memory({ id: 'ru', text: 'Моя машина — старая «Шкода Октавия».' }),
  ]);
  expect(index.search('抹茶')).toEqual(['ja']);
  expect(index.search('抹')).toEqual(['ja']);
  expect(index.search('自行车')).toEqual(['zh']);
  expect(index.search('호텔이')).toEqual(['ko']);
  expect(index.search('Шкоде')).toEqual(['ru']);
});

test('markdown groups active memories by type and keeps text as text', () => {
  const md = memoriesMarkdown(
    [...all, memory({ id: 'x', text: '# not a heading\nsecond line' })],
    new Date('2026-11-29T00:00:00Z'),
  );
  expect(md).toBe(
    [
      '# Engram memories',
      '',
      'Exported 2026-11-29.',
      '',
      '## About me',
      '',
      '- \\# not a heading second line',
      '- I live in Porto.',
      '',
      '## Preferences',
      '',
      '- I like green tea. _(pinned, site:claude)_',
      '',
      '## Standing instructions',
      '',
      '- Answer briefly.',
      '',
    ].join('\n'),
  );
});

test('usage sums per day, provider and model, and says when a cost is unknown', () => {
  const u = (day: string, model: string, costUsd: number | null) => ({
    id: `${day}${model}${costUsd}`,
    at: `${day}T10:00:00.000Z`,
    day,
    provider: 'openai-compatible',
    model,
    promptTokens: 100,
    completionTokens: 10,
    costUsd,
    jobId: null,
  });
  const rows = usageByDay([u('2026-11-01', 'm', 0.5), u('2026-11-01', 'm', null), u('2026-11-02', 'm', 1)]);
  expect(rows.map((r) => [r.day, r.calls, r.promptTokens, r.costUsd, r.costComplete])).toEqual([
    ['2026-11-02', 1, 100, 1, true],
    ['2026-11-01', 2, 200, 0.5, false],
  ]);
});

test('word diff marks what a proposal removes and adds', async () => {
  const { diffWords, fieldChanges } = await import('./diff');
  expect(diffWords('I live in Lisbon.', 'I live in Porto now.')).toEqual([
    { kind: 'same', text: 'I live in ' },
    { kind: 'del', text: 'Lisbon.' },
    { kind: 'add', text: 'Porto now.' },
  ]);
  expect(diffWords('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  expect(fieldChanges(memory(), memory({ pinned: true, priority: 80 }))).toEqual([
    { field: 'priority', from: '50', to: '80' },
    { field: 'pinned', from: 'false', to: 'true' },
  ]);
});
