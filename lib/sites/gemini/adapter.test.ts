import { isReply, replyId } from '../reply';
import { geminiAdapter, NO_JSON } from './adapter';
import { GEMINI_REPLY } from './reply';
import { gemOf } from './scope';

const u = (s: string) => new URL(s);

describe('Gemini adapter', () => {
  it('reads the conversation id from /app, a Gem chat and a second account; not from a new chat', () => {
    const id = (s: string) => geminiAdapter.conversationId(u(s));
    expect(id('https://gemini.google.com/app/6cc71b18a6f630bb')).toBe('6cc71b18a6f630bb');
    expect(id('https://gemini.google.com/u/1/app/6cc71b18a6f630bb')).toBe('6cc71b18a6f630bb');
    expect(id('https://gemini.google.com/gem/4221cfdd4fe7/cfe2d141fe0adecb')).toBe('cfe2d141fe0adecb');
    expect(id('https://gemini.google.com/app')).toBeNull();
    expect(id('https://gemini.google.com/gem/coding-partner')).toBeNull();
  });

  it('names a Gem as a project-like scope from the URL, readable only for premade Gems', () => {
    expect(gemOf(u('https://gemini.google.com/gem/4221cfdd4fe7/cfe2d141fe0adecb'))).toEqual({
      id: '4221cfdd4fe7',
      name: null,
    });
    expect(gemOf(u('https://gemini.google.com/u/2/gem/coding-partner'))).toEqual({
      id: 'coding-partner',
      name: 'coding partner',
    });
    expect(gemOf(u('https://gemini.google.com/app/6cc71b18a6f630bb'))).toBeNull();
  });

  it('does not read the site JSON, and says so in capture health', async () => {
    const result = await geminiAdapter.fetchConversation(async () => ({}), 'x', '');
    expect(result).toEqual({ ok: false, reason: NO_JSON });
  });

  it('knows a finished reply by its StreamGenerate request, and the conversation from the stream', () => {
    const url = u(
      'https://gemini.google.com/_/BardChatUi/data/assistant.lamda.BardFrontendService/StreamGenerate?bl=x&_reqid=1',
    );
    const call = { method: 'POST', url };
    expect(GEMINI_REPLY.transport).toBe('xhr');
    expect(isReply(GEMINI_REPLY, call, 'https://gemini.google.com')).toBe(true);
    const chunk =
      ')]}\'\n123\n[["wrb.fr",null,"[null,[\\"c_6cc71b18a6f630bb\\",\\"r_6cc71b18a6f630bb\\"]]"]]';
    expect(replyId(GEMINI_REPLY, call, chunk)).toBe('6cc71b18a6f630bb');
    const stop = {
      method: 'POST',
      url: u('https://gemini.google.com/_/BardChatUi/data/batchexecute?rpcids=NkpXw'),
    };
    expect(isReply(GEMINI_REPLY, stop, 'https://gemini.google.com')).toBe(false);
  });
});
