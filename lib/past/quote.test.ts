// #25 item 3: no link enters the block from a past-chat quote, in any form lib/recall/links.ts detects.
import { describe, expect, test } from 'vitest';
import { LINKS, NOT_LINKS } from '../../test/helpers/link-corpus';
import { hasLink } from '../recall/links';
import { LINK_REMOVED, quoted, withoutLinks } from './quote';

describe('withoutLinks', () => {
  test.each(LINKS)('cuts the link out of %s', (text) => {
    const out = withoutLinks(text);
    expect(hasLink(out)).toBe(false);
    expect(out).toContain(LINK_REMOVED);
    // Only the link goes: the words before it stay.
    const first = text.split(/\s+/)[0] ?? '';
    if (!hasLink(first)) expect(out.startsWith(first)).toBe(true);
  });

  test.each(NOT_LINKS)('leaves %s as it is', (text) => expect(withoutLinks(text)).toBe(text));

  test('cuts links that span words, and every link of a text', () => {
    expect(withoutLinks('See [the docs](https://evil.example/r) and ![a b] [1] then www.evil.example.')).toBe(
      `See [the ${LINK_REMOVED} and ${LINK_REMOVED} then ${LINK_REMOVED}`,
    );
    expect(withoutLinks('post to evil [.] example/p?q=1 now')).not.toMatch(/example/);
  });

  test('a quote ends where it says', () => expect(quoted('say "hi" now')).toBe(`"say 'hi' now"`));
});

test('a link no run of six words shows takes its sentence, and only that', () => {
  // An image with nine words of alt text and a target that is no address: only the whole markdown is a link.
  const text = 'Keep this. Then ![a b c d e f g h i](x) please. And this.';
  expect(hasLink(text)).toBe(true);
  expect(withoutLinks(text)).toBe(`Keep this. Then !${LINK_REMOVED} And this.`);
});
