import { isReply, replyId } from '../reply';
import { deepseekAdapter } from './adapter';
import { DEEPSEEK_REPLY } from './reply';

const u = (s: string) => new URL(s);

describe('DeepSeek adapter', () => {
  it('reads the session id from /a/chat/s/<id>, with or without /a', () => {
    const id = (s: string) => deepseekAdapter.conversationId(u(s));
    expect(id('https://chat.deepseek.com/a/chat/s/e7196cf3-12be-4096-99c1-1c8c983f71d6')).toBe(
      'e7196cf3-12be-4096-99c1-1c8c983f71d6',
    );
    expect(id('https://chat.deepseek.com/chat/s/e7196cf3-12be-4096-99c1-1c8c983f71d6')).toBe(
      'e7196cf3-12be-4096-99c1-1c8c983f71d6',
    );
    expect(id('https://chat.deepseek.com/')).toBeNull();
  });

  it('reads the page token from localStorage at the edge and sends it with the history call', async () => {
    localStorage.setItem('userToken', JSON.stringify({ value: 'tok-1', __version: '0' }));
    const seen: Record<string, string>[] = [];
    await deepseekAdapter.fetchConversation(
      async (_, headers) => {
        seen.push(headers);
        throw new Error('HTTP 500');
      },
      's-1',
      '',
    );
    localStorage.removeItem('userToken');
    expect(seen).toEqual([{ Authorization: 'Bearer tok-1' }]);
    expect(await deepseekAdapter.fetchConversation(async () => null, 's-1', '')).toMatchObject({
      ok: false,
      reason: /signed out/,
    });
  });

  it('knows a finished reply by its completion request; the id is the page URL’s', () => {
    const call = { method: 'POST', url: u('https://chat.deepseek.com/api/v0/chat/completion') };
    expect(DEEPSEEK_REPLY.transport).toBe('xhr');
    expect(isReply(DEEPSEEK_REPLY, call, 'https://chat.deepseek.com')).toBe(true);
    expect(replyId(DEEPSEEK_REPLY, call, 'data: {"v":"FINISHED"}')).toBeNull();
    const stop = { method: 'POST', url: u('https://chat.deepseek.com/api/v0/chat/stop_stream') };
    expect(isReply(DEEPSEEK_REPLY, stop, 'https://chat.deepseek.com')).toBe(false);
  });
});
