import { describe, expect, test } from 'vitest';
import { pathCore } from './path-site';
import { SITES } from './registry';

describe('a site whose chats live at one address (#36)', () => {
  const core = pathCore({
    site: 'x',
    hosts: ['x.example'],
    path: /^\/c\/(\w{4,})\/?$/,
    noScopes: 'none here',
  });

  test('reads the id from a conversation address only', () => {
    expect(core.conversationId(new URL('https://x.example/c/abcd1234/'))).toBe('abcd1234');
    expect(core.conversationId(new URL('https://x.example/share/abcd1234'))).toBeNull();
    expect(core.conversationId(new URL('https://x.example/c/abcd1234/extra'))).toBeNull();
    expect(core.isPrivate(new URL('https://x.example/c/abcd1234'))).toBe(false);
  });

  test('has no scopes, says why, and never needs the JSON to read the page', () => {
    expect(core.scope.fromUrl(new URL('https://x.example/c/abcd1234'))).toBeNull();
    expect(core.scope).toMatchObject({ noun: null, fromJson: false, note: 'none here' });
    expect(core.pageNeedsJson).toBe(false);
  });

  test('six registered sites are made this way, each with its own address and reason', () => {
    const made = SITES.filter((s) => s.scope.noun === null && !s.pageNeedsJson && s.scope.note);
    const ids = ['aistudio', 'copilot', 'deepseek', 'kimi', 'meta', 'qwen'];
    expect(made.map((s) => s.site)).toEqual(expect.arrayContaining(ids));
    expect(new Set(made.map((s) => s.scope.note)).size).toBe(made.length);
  });
});
