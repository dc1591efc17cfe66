import { copilotAdapter } from './adapter';
import { COPILOT_REPLY } from './reply';

const u = (s: string) => new URL(s);

describe('Copilot adapter', () => {
  it('reads a conversation id from /chats/<id>, never from a shared chat', () => {
    const id = (s: string) => copilotAdapter.conversationId(u(s));
    expect(id('https://copilot.microsoft.com/chats/pu2zWbJQbra5rKa5pSWKS')).toBe('pu2zWbJQbra5rKa5pSWKS');
    expect(id('https://copilot.microsoft.com/shares/pu2zWbJQbra5rKa5pSWKS')).toBeNull();
    expect(id('https://copilot.microsoft.com/')).toBeNull();
  });

  it('hears a reply’s end in the page, since it comes over a WebSocket the tap does not wrap', () => {
    expect(COPILOT_REPLY.transport).toBe('page');
  });

  it('sends the token MSAL keeps in localStorage with the history call', async () => {
    localStorage.setItem(
      'abc-accesstoken-chat',
      JSON.stringify({ secret: 'tok-1', target: 'ChatAI.ReadWrite' }),
    );
    const seen: Record<string, string>[] = [];
    await copilotAdapter.fetchConversation(
      async (_, headers) => {
        seen.push(headers);
        throw new Error('HTTP 500');
      },
      'pu2zWbJQbra5rKa5pSWKS',
      '',
    );
    localStorage.removeItem('abc-accesstoken-chat');
    expect(seen).toEqual([{ Authorization: 'Bearer tok-1' }]);
  });
});
