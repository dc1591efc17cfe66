import { isPrivateRequest, isReply, replyId } from '../reply';
import { perplexityAdapter } from './adapter';
import { PERPLEXITY_REPLY } from './reply';
import { spaceOf } from './scope';

const u = (s: string) => new URL(s);

describe('Perplexity adapter', () => {
  it('reads the thread slug from /search; Spaces, Pages and the home page are not conversations', () => {
    const id = (s: string) => perplexityAdapter.conversationId(u(s));
    expect(id('https://www.perplexity.ai/search/is-lisbon-sunny-in-may-AbC_12.xYz')).toBe(
      'is-lisbon-sunny-in-may-AbC_12.xYz',
    );
    expect(id('https://www.perplexity.ai/spaces/rushcut-14QGVXOgTrmD7SY16xlKRA')).toBeNull();
    expect(id('https://www.perplexity.ai/page/lisbon-guide-1a2b')).toBeNull();
    expect(id('https://www.perplexity.ai/')).toBeNull();
  });

  it('names a Space from its own page: <name>-<22-character id>, or <name>.<id> before 2026', () => {
    expect(spaceOf(u('https://www.perplexity.ai/spaces/rushcut-14QGVXOgTrmD7SY16xlKRA'))).toEqual({
      id: '14QGVXOgTrmD7SY16xlKRA',
      name: 'rushcut',
    });
    expect(
      spaceOf(u('https://www.perplexity.ai/spaces/smoke-test-framework-_L0_2o2dRyaDjDbhcmyOfw'))?.id,
    ).toBe('_L0_2o2dRyaDjDbhcmyOfw');
    expect(
      spaceOf(u('https://www.perplexity.ai/spaces/comprehensive-report-with-cont-70tb5.qVQ6Gh6DG0p4N4ng')),
    ).toEqual({
      id: 'qVQ6Gh6DG0p4N4ng',
      name: 'comprehensive report with cont 70tb5',
    });
    expect(spaceOf(u('https://www.perplexity.ai/spaces/short'))).toBeNull();
    expect(spaceOf(u('https://www.perplexity.ai/search/x'))).toBeNull();
  });

  it('knows a finished reply, its thread and an incognito query from the ask request and its stream', () => {
    const call = { method: 'POST', url: u('https://www.perplexity.ai/rest/sse/perplexity_ask') };
    expect(PERPLEXITY_REPLY.transport).toBe('fetch');
    expect(isReply(PERPLEXITY_REPLY, call, 'https://www.perplexity.ai')).toBe(true);
    const stream =
      'event: message\ndata: {"status":"COMPLETED","thread_url_slug":"is-lisbon-AbC.x"}\n\nevent: end_of_stream\n';
    expect(replyId(PERPLEXITY_REPLY, call, stream)).toBe('is-lisbon-AbC.x');
    expect(isPrivateRequest(PERPLEXITY_REPLY, '{"query_str":"q","params":{"is_incognito":true}}')).toBe(true);
    const stop = { method: 'POST', url: u('https://www.perplexity.ai/rest/sse/perplexity_terminate') };
    expect(isReply(PERPLEXITY_REPLY, stop, 'https://www.perplexity.ai')).toBe(false);
  });
});
