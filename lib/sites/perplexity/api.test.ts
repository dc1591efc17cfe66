import type { FetchJson } from '../api-types';
import { fetchPerplexity } from './api';
import { answerOf, PerplexityEntry } from './payload';

const entry = (n: number, extra: object = {}) => ({
  uuid: `u${n}`,
  backend_uuid: `b${n}`,
  query_str: `Question ${n}`,
  thread_title: 'Lisbon',
  status: 'COMPLETED',
  entry_created_datetime: `2026-05-0${n}T10:00:00.000Z`,
  blocks: [
    { intended_usage: 'plan', plan_block: { goals: [{ description: 'Searching the web' }] } },
    {
      intended_usage: 'sources_answer_mode',
      sources_mode_block: { rows: [{ web_result: { name: 'ipma' } }] },
    },
    {
      intended_usage: 'ask_text',
      markdown_block: { answer: `Answer ${n}[1][2].`, chunks: ['Answer', ` ${n}`] },
    },
  ],
  unknown_future_field: true,
  author_id: 'me-1',
  author_username: 'me',
  ...extra,
});

const SESSION = { '/api/auth/session': { user: { id: 'me-1', email: 'me@example.com' }, expires: 'x' } };

function fake(pages: Record<string, unknown>): { fetchJson: FetchJson; paths: string[] } {
  const paths: string[] = [];
  const fetchJson: FetchJson = async (path) => {
    paths.push(path);
    const all: Record<string, unknown> = { ...SESSION, ...pages };
    const key = Object.keys(all).find((k) => path.includes(k));
    if (!key) throw new Error(`HTTP 404 from ${path}`);
    return all[key];
  };
  return { fetchJson, paths };
}

describe('Perplexity thread JSON', () => {
  it('reads each entry as its query and its answer, without plan, sources or citation markers', async () => {
    const { fetchJson, paths } = fake({
      'from_first=true': { entries: [entry(1), entry(2)], has_next_page: false },
    });
    const result = await fetchPerplexity(fetchJson, 'lisbon-abc.DEF');
    expect(paths[0]).toBe('/api/auth/session');
    expect(paths[1]).toMatch(
      /^\/rest\/thread\/lisbon-abc\.DEF\?with_parent_info=true&with_schematized_response=true/,
    );
    expect(result.ok && result.conversation).toEqual({
      id: 'lisbon-abc.DEF',
      title: 'Lisbon',
      private: false,
      createdAt: '2026-05-01T10:00:00.000Z',
      project: null,
      authorsKnown: true,
      othersLeftOut: 0,
      turns: [
        { id: 'b1:query', role: 'user', text: 'Question 1', createdAt: '2026-05-01T10:00:00.000Z' },
        { id: 'b1', role: 'assistant', text: 'Answer 1.', createdAt: '2026-05-01T10:00:00.000Z' },
        { id: 'b2:query', role: 'user', text: 'Question 2', createdAt: '2026-05-02T10:00:00.000Z' },
        { id: 'b2', role: 'assistant', text: 'Answer 2.', createdAt: '2026-05-02T10:00:00.000Z' },
      ],
    });
  });

  it('follows next_cursor, oldest first, and keeps every entry once', async () => {
    const { fetchJson, paths } = fake({
      'from_first=true': { entries: [entry(1)], has_next_page: true, next_cursor: 'c 2' },
      'cursor=c%202': { entries: [entry(2)], has_next_page: false, next_cursor: null },
    });
    const result = await fetchPerplexity(fetchJson, 's');
    expect(result.ok && result.conversation.turns.map((t) => t.id)).toEqual([
      'b1:query',
      'b1',
      'b2:query',
      'b2',
    ]);
    expect(paths).toHaveLength(3);
  });

  it('names the Space from collection_info, and an incognito entry makes the thread private', async () => {
    const inSpace = entry(1, {
      collection_info: { uuid: 'uuid-1', slug: 'rushcut-14QGVXOgTrmD7SY16xlKRA', title: 'RushCut' },
    });
    const { fetchJson } = fake({
      'from_first=true': { entries: [inSpace, entry(2, { is_incognito: true })] },
    });
    const result = await fetchPerplexity(fetchJson, 's');
    expect(result.ok && result.conversation.project).toEqual({
      id: '14QGVXOgTrmD7SY16xlKRA',
      name: 'RushCut',
    });
    expect(result.ok && result.conversation.private).toBe(true);
  });

  it('leaves a pending answer for later, keeps its query, and says why a foreign shape is refused', async () => {
    const pending = entry(1, { status: 'PENDING' });
    const ok = await fetchPerplexity(fake({ 'from_first=true': { entries: [pending] } }).fetchJson, 's');
    expect(ok.ok && ok.conversation.turns.map((t) => t.role)).toEqual(['user']);
    const odd = await fetchPerplexity(fake({ 'from_first=true': { thread: [] } }).fetchJson, 's');
    expect(odd).toEqual({ ok: false, reason: expect.stringMatching(/thread JSON had an unexpected shape/) });
    const down = await fetchPerplexity(fake({}).fetchJson, 's');
    expect(down).toEqual({ ok: false, reason: expect.stringMatching(/404/) });
  });

  it("keeps only the signed-in account's entries: a shared thread's queries are never the person's (#34)", async () => {
    const victim = entry(2, {
      author_id: 'attacker-9',
      query_str: "I'm a nurse in Leeds with type 2 diabetes",
    });
    const { fetchJson } = fake({ 'from_first=true': { entries: [victim, entry(3)] } });
    const result = await fetchPerplexity(fetchJson, 's');
    expect(result.ok && result.conversation.turns.map((t) => t.text)).toEqual(['Question 3', 'Answer 3.']);
    expect(result.ok && [result.conversation.authorsKnown, result.conversation.othersLeftOut]).toEqual([
      true,
      1,
    ]);
    const theirs = await fetchPerplexity(fake({ 'from_first=true': { entries: [victim] } }).fetchJson, 's');
    expect(theirs.ok && theirs.conversation).toMatchObject({ turns: [], othersLeftOut: 1, title: '' });
  });

  it('tells no author apart without both ids: no session id, or an entry without author_id, stores nothing', async () => {
    const anonymous: FetchJson = async (path) =>
      path.startsWith('/api/auth/session') ? {} : { entries: [entry(1)] };
    const signedOut = await fetchPerplexity(anonymous, 's');
    expect(signedOut.ok && signedOut.conversation).toMatchObject({ authorsKnown: false, turns: [] });
    const unnamed = entry(2, { author_id: null });
    const noAuthor = await fetchPerplexity(
      fake({ 'from_first=true': { entries: [entry(1), unnamed] } }).fetchJson,
      's',
    );
    expect(noAuthor.ok && noAuthor.conversation).toMatchObject({ authorsKnown: false, turns: [] });
    // A numeric id in both places is the same account.
    const numeric: FetchJson = async (path) =>
      path.startsWith('/api/auth/session')
        ? { user: { id: 42 } }
        : { entries: [entry(1, { author_id: 42 })] };
    expect((await fetchPerplexity(numeric, 's')).ok).toBe(true);
  });

  it('reads the answer from chunks when it has no whole text, and shows pplx links as their labels', () => {
    const chunks = PerplexityEntry.parse({
      blocks: [
        {
          intended_usage: 'ask_text',
          markdown_block: { chunks: ['See ', '[Alfama](pplx://entity/x)', '[3].'] },
        },
      ],
    });
    expect(answerOf(chunks)).toBe('See Alfama.');
  });
});
