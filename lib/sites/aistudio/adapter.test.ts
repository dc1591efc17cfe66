import { aistudioAdapter, NO_JSON } from './adapter';

const u = (s: string) => new URL(s);

describe('AI Studio adapter', () => {
  it('reads a chat from /prompts/<id> and a Build app from /apps/drive/<id>; a new or temporary chat has none', () => {
    const id = (s: string) => aistudioAdapter.conversationId(u(s));
    expect(id('https://aistudio.google.com/prompts/1AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe(
      '1AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    );
    expect(
      id('https://aistudio.google.com/apps/drive/1h_6cvIOnswyVBNDWm04_qEuwW_IaBQjq?showAssistant=true'),
    ).toBe('1h_6cvIOnswyVBNDWm04_qEuwW_IaBQjq');
    expect(id('https://aistudio.google.com/prompts/new_chat')).toBeNull();
    expect(id('https://aistudio.google.com/library')).toBeNull();
  });

  it('does not read the prompt JSON from the page, and says so', async () => {
    expect(await aistudioAdapter.fetchConversation(async () => ({}), 'x', '')).toEqual({
      ok: false,
      reason: NO_JSON,
    });
  });
});
