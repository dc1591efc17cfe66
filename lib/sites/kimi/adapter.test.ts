import { isReply } from '../reply';
import { kimiAdapter, NO_JSON } from './adapter';
import { KIMI_REPLY } from './reply';

const u = (s: string) => new URL(s);

describe('Kimi adapter', () => {
  it('reads a conversation id from /chat/<id>; a share page is no conversation, in any language', () => {
    const id = (s: string) => kimiAdapter.conversationId(u(s));
    expect(id('https://www.kimi.com/chat/19b0d424-9db2-8f5e-8000-0a6725a9e2bb')).toBe(
      '19b0d424-9db2-8f5e-8000-0a6725a9e2bb',
    );
    expect(id('https://www.kimi.com/share/19f799dc-a1d2-8d20-8000-000057fbdfb4')).toBeNull();
    expect(id('https://www.kimi.com/share/ar/19f799dc-a1d2-8d20-8000-000057fbdfb4')).toBeNull();
    expect(id('https://www.kimi.com/')).toBeNull();
  });

  it('does not read the site JSON, and says so', async () => {
    expect(await kimiAdapter.fetchConversation(async () => ({}), 'x', '')).toEqual({
      ok: false,
      reason: NO_JSON,
    });
  });

  it('knows a finished reply by its Chat call to the gateway', () => {
    const origin = 'https://www.kimi.com';
    const post = (path: string) => ({ method: 'POST', url: u(origin + path) });
    expect(isReply(KIMI_REPLY, post('/apiv2/kimi.gateway.chat.v1.ChatService/Chat'), origin)).toBe(true);
    expect(isReply(KIMI_REPLY, post('/apiv2/kimi.gateway.chat.v1.ChatService/ListChats'), origin)).toBe(
      false,
    );
  });
});
