import { metaAdapter, NO_JSON } from './adapter';
import { META_REPLY } from './reply';

const u = (s: string) => new URL(s);
const ID = 'a04adc0d-44b8-4832-977f-a9ad94f2b549';

describe('Meta AI adapter', () => {
  it('reads a conversation id from /prompt/<uuid>; a post in the feed under its author is no conversation', () => {
    expect(metaAdapter.conversationId(u(`https://www.meta.ai/prompt/${ID}`))).toBe(ID);
    expect(metaAdapter.conversationId(u(`https://www.meta.ai/@someone/prompt/${ID}`))).toBeNull();
    expect(metaAdapter.conversationId(u('https://www.meta.ai/'))).toBeNull();
  });

  it('does not read the site JSON, and hears a reply’s end in the page', async () => {
    expect(await metaAdapter.fetchConversation(async () => ({}), ID, '')).toEqual({
      ok: false,
      reason: NO_JSON,
    });
    expect(META_REPLY.transport).toBe('page');
  });
});
