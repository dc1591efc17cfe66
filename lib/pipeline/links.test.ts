import { describe, expect, test } from 'vitest';
import { LINKS, NOT_LINKS } from '../../test/helpers/link-corpus';
import { hasLink } from './links';

describe('link corpus (#25 item 1)', () => {
  test('is big enough to mean something', () => {
    expect(LINKS.length).toBeGreaterThanOrEqual(40);
    expect(NOT_LINKS.length).toBeGreaterThanOrEqual(30);
  });

  test.each(LINKS)('finds the link in %j', (text) => expect(hasLink(text)).toBe(true));

  test.each(NOT_LINKS)('finds no link in %j', (text) => expect(hasLink(text)).toBe(false));

  test('stays linear on 200 kB of host-shaped text', () => {
    for (const unit of ['a.', 'a.b/', '[.]', '1.2.', 'x{.}', '![', '](', 'a．']) {
      const t0 = performance.now();
      hasLink(unit.repeat(200_000 / unit.length));
      expect(performance.now() - t0).toBeLessThan(5000);
    }
  });
});
