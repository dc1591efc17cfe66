import { isPrivateRequest, isReply, replyId, type ReplyPattern } from './reply';

const call = (method: string, href: string) => ({ method, url: new URL(href) });

describe('reply patterns as data', () => {
  const byPath: ReplyPattern = { transport: 'fetch', path: /^\/api\/c\/([^/]+)\/reply$/, id: 'path' };
  const byStream: ReplyPattern = {
    transport: 'xhr',
    path: /^\/rpc\?id=go$/,
    withQuery: true,
    id: /"c":"(\w+)"/,
  };

  it('matches a same-origin POST only, on the path or, where the site names its call there, the query', () => {
    expect(isReply(byPath, call('POST', 'https://s.test/api/c/1/reply'), 'https://s.test')).toBe(true);
    expect(isReply(byPath, call('GET', 'https://s.test/api/c/1/reply'), 'https://s.test')).toBe(false);
    expect(isReply(byPath, call('POST', 'https://evil.test/api/c/1/reply'), 'https://s.test')).toBe(false);
    expect(isReply(byStream, call('POST', 'https://s.test/rpc?id=go'), 'https://s.test')).toBe(true);
    expect(isReply(byStream, call('POST', 'https://s.test/rpc?id=stop'), 'https://s.test')).toBe(false);
  });

  it('takes the id from the path, the reply text, or leaves it to the page URL', () => {
    expect(replyId(byPath, call('POST', 'https://s.test/api/c/abc/reply'), '')).toBe('abc');
    expect(replyId(byStream, call('POST', 'https://s.test/rpc?id=go'), 'data: {"c":"x9"}')).toBe('x9');
    expect(replyId({ ...byPath, id: null }, call('POST', 'https://s.test/api/c/abc/reply'), '')).toBeNull();
  });

  it('reads a do-not-remember request body only where the site has one', () => {
    const incognito: ReplyPattern = { ...byPath, privateBody: /"is_incognito"\s*:\s*true/ };
    expect(isPrivateRequest(incognito, '{"params":{"is_incognito": true}}')).toBe(true);
    expect(isPrivateRequest(incognito, '{"params":{"is_incognito":false}}')).toBe(false);
    expect(isPrivateRequest(byPath, '{"is_incognito":true}')).toBe(false);
  });
});
