import { isReply, replyId } from '../reply';
import { qwenAdapter } from './adapter';
import { QWEN_REPLY } from './reply';

const u = (s: string) => new URL(s);
const ID = '6f0d2c1e-0a1b-4c3d-8e9f-0123456789ab';

describe('Qwen Chat adapter', () => {
  it('reads a conversation id from /c/<uuid>, never from a shared chat', () => {
    expect(qwenAdapter.conversationId(u(`https://chat.qwen.ai/c/${ID}`))).toBe(ID);
    expect(qwenAdapter.conversationId(u(`https://chat.qwen.ai/s/${ID}`))).toBeNull();
    expect(qwenAdapter.conversationId(u('https://chat.qwen.ai/'))).toBeNull();
  });

  it('knows a finished reply by its completions request, and the chat from its query', () => {
    const origin = 'https://chat.qwen.ai';
    const call = { method: 'POST', url: u(`${origin}/api/v2/chat/completions?chat_id=${ID}`) };
    expect(isReply(QWEN_REPLY, call, origin)).toBe(true);
    expect(replyId(QWEN_REPLY, call, '')).toBe(ID);
    const other = { method: 'POST', url: u(`${origin}/api/v2/chats/new`) };
    expect(isReply(QWEN_REPLY, other, origin)).toBe(false);
  });

  it('sends the page token from localStorage with the chat call', async () => {
    localStorage.setItem('token', 'tok-q');
    const seen: Record<string, string>[] = [];
    await qwenAdapter.fetchConversation(
      async (_, headers) => {
        seen.push(headers);
        throw new Error('HTTP 500');
      },
      ID,
      '',
    );
    localStorage.removeItem('token');
    expect(seen).toEqual([{ Authorization: 'Bearer tok-q' }]);
  });
});
