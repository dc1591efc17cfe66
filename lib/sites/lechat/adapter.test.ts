import { isReply, replyId } from '../reply';
import { lechatAdapter } from './adapter';
import { LECHAT_REPLY } from './reply';

const u = (s: string) => new URL(s);

describe('Le Chat adapter', () => {
  it('reads the chat id from /chat/<uuid>', () => {
    const id = (s: string) => lechatAdapter.conversationId(u(s));
    expect(id('https://chat.mistral.ai/chat/acf754c0-ed35-466e-b71a-3186abafeb13')).toBe(
      'acf754c0-ed35-466e-b71a-3186abafeb13',
    );
    expect(id('https://chat.mistral.ai/chat')).toBeNull();
    expect(id('https://chat.mistral.ai/connections')).toBeNull();
  });

  it('knows a finished reply by its /api/chat request; the id is the page URL’s', () => {
    const call = { method: 'POST', url: u('https://chat.mistral.ai/api/chat') };
    expect(LECHAT_REPLY.transport).toBe('fetch');
    expect(isReply(LECHAT_REPLY, call, 'https://chat.mistral.ai')).toBe(true);
    expect(replyId(LECHAT_REPLY, call, '0:"Bonjour"\n')).toBeNull();
    const trpc = { method: 'POST', url: u('https://chat.mistral.ai/api/trpc/message.newChat?batch=1') };
    expect(isReply(LECHAT_REPLY, trpc, 'https://chat.mistral.ai')).toBe(false);
  });
});
