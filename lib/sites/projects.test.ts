import { expect, test } from 'vitest';
import { projectOf, scopeOfCapture, scopeOfUrl } from './projects';

const u = (s: string) => new URL(s);

test('ChatGPT projects come from /g/g-p-…; custom GPTs (g-<id>) and plain chats are not projects', () => {
  expect(
    projectOf('chatgpt', u('https://chatgpt.com/g/g-p-67a1b2c3d4-trip-to-japan/c/6f0d2c1e-1111')),
  ).toEqual({
    site: 'chatgpt',
    id: 'g-p-67a1b2c3d4',
    name: 'trip to japan',
  });
  expect(scopeOfUrl('chatgpt', u('https://chatgpt.com/g/g-p-67a1b2c3d4-trip-to-japan/project'))).toBe(
    'project:chatgpt:g-p-67a1b2c3d4',
  );
  expect(projectOf('chatgpt', u('https://chatgpt.com/g/g-p-67a1b2c3d4/c/abc12345'))?.name).toBeNull();
  expect(projectOf('chatgpt', u('https://chatgpt.com/g/g-2fkFE8rbu-dall-e/c/6f0d2c1e-1111'))).toBeNull();
  expect(projectOf('chatgpt', u('https://chatgpt.com/c/6f0d2c1e-1111'))).toBeNull();
});

test('Claude names a project only on its own page; its chats carry none', () => {
  expect(scopeOfUrl('claude', u('https://claude.ai/project/0A1B2C3D-0000-4000-8000-000000000001'))).toBe(
    'project:claude:0a1b2c3d-0000-4000-8000-000000000001',
  );
  expect(scopeOfUrl('claude', u('https://claude.ai/chat/6f0d2c1e-2222-4a2b-9c3d-000000000021'))).toBeNull();
});

test('each new site’s scope comes from where its folder says: Gems and Spaces by URL, Spaces and Le Chat projects by JSON (#24)', () => {
  expect(scopeOfUrl('gemini', u('https://gemini.google.com/gem/4221cfdd4fe7/cfe2d141fe0adecb'))).toBe(
    'project:gemini:4221cfdd4fe7',
  );
  expect(projectOf('gemini', u('https://gemini.google.com/u/1/gem/coding-partner/6cc71b18a6f630bb'))).toEqual(
    {
      site: 'gemini',
      id: 'coding-partner',
      name: 'coding partner',
    },
  );
  expect(scopeOfUrl('gemini', u('https://gemini.google.com/app/6cc71b18a6f630bb'))).toBeNull();
  expect(scopeOfUrl('perplexity', u('https://www.perplexity.ai/spaces/rushcut-14QGVXOgTrmD7SY16xlKRA'))).toBe(
    'project:perplexity:14QGVXOgTrmD7SY16xlKRA',
  );
  const thread = u('https://www.perplexity.ai/search/porto-trip-x1Y2AbCdEfGh');
  expect(scopeOfUrl('perplexity', thread)).toBeNull();
  expect(scopeOfCapture('perplexity', thread, { id: '14QGVXOgTrmD7SY16xlKRA' })).toBe(
    'project:perplexity:14QGVXOgTrmD7SY16xlKRA',
  );
  expect(scopeOfCapture('lechat', u('https://chat.mistral.ai/chat/6f0d2c1e-4444-4a2b'), { id: 'p-1' })).toBe(
    'project:lechat:p-1',
  );
  expect(scopeOfCapture('lechat', u('https://chat.mistral.ai/chat/6f0d2c1e-4444-4a2b'), null)).toBeNull();
  expect(scopeOfUrl('deepseek', u('https://chat.deepseek.com/a/chat/s/6f0d2c1e-3333-4a2b'))).toBeNull();
  // A site whose JSON names no scope: a project the capture carries is not taken from it.
  expect(
    scopeOfCapture('chatgpt', u('https://chatgpt.com/c/6f0d2c1e-1111'), { id: 'g-p-forged' }),
  ).toBeNull();
});
