import { isPrivateRequest, isReply, replyId } from '../reply';
import { grokAdapter } from './adapter';
import { GROK_REPLY } from './reply';

const u = (s: string) => new URL(s);
const ID = 'e32823dc-b924-4e12-b727-c2ee3d4cabf3';

describe('Grok adapter', () => {
  it('reads a conversation id from /c/<uuid> only: never from a share link, the home page or x.com', () => {
    const id = (s: string) => grokAdapter.conversationId(u(s));
    expect(id(`https://grok.com/c/${ID}`)).toBe(ID);
    expect(id(`https://grok.com/share/${ID}`)).toBeNull();
    expect(id('https://grok.com/')).toBeNull();
    expect(grokAdapter.hosts).toEqual(['grok.com']);
  });

  it('knows a finished reply by its request, the chat from the stream, and a private chat from the body', () => {
    const origin = 'https://grok.com';
    const post = (path: string) => ({ method: 'POST', url: u(origin + path) });
    const fresh = post('/rest/app-chat/conversations/new');
    expect(isReply(GROK_REPLY, fresh, origin)).toBe(true);
    expect(isReply(GROK_REPLY, post(`/rest/app-chat/conversations/${ID}/responses`), origin)).toBe(true);
    expect(isReply(GROK_REPLY, post(`/rest/app-chat/conversations/${ID}/load-responses`), origin)).toBe(
      false,
    );
    expect(replyId(GROK_REPLY, fresh, `{"result":{"conversation":{"conversationId":"${ID}"}}}`)).toBe(ID);
    expect(isPrivateRequest(GROK_REPLY, '{"message":"hi","temporary":true}')).toBe(true);
    expect(isPrivateRequest(GROK_REPLY, '{"message":"hi","temporary":false}')).toBe(false);
  });
});
