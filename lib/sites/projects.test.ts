import { expect, test } from 'vitest';
import { projectOf, scopeOfUrl } from './projects';

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
