import { expect, test } from 'vitest';
import type { ExtractedMemory } from '../../prompts/schemas';
import { rejection } from './gate';

const item = (attributedTo: string, text: string): ExtractedMemory => ({
  text,
  type: 'profile',
  priority: 50,
  confidence: 0.9,
  attributedTo,
  occurredStart: null,
  occurredEnd: null,
  sourceTurns: [1],
});

test('what a chat site said is about the assistant, on every registered site, not the user (#24)', () => {
  for (const name of ['ChatGPT', 'Claude', 'Gemini', 'Perplexity', 'DeepSeek', 'Le Chat', 'the assistant']) {
    expect(rejection(item(name, 'Recommended a hotel in Porto.'), 'Recommended a hotel in Porto.')).toBe(
      'about the assistant, not the user',
    );
    const said = `${name} suggested the Ribeira.`;
    expect(rejection(item('user', said), said)).toBe('about the assistant, not the user');
  }
  expect(rejection(item('user', 'Lives in Porto.'), 'Lives in Porto.')).toBeNull();
  expect(
    rejection(item('user', 'Chats with friends in Le Marais.'), 'Chats with friends in Le Marais.'),
  ).toBeNull();
});
