import { describe, expect, test } from 'vitest';
import { LINKS, NOT_LINKS } from '../../test/helpers/link-corpus';
import { hasLink } from './links';

describe('link corpus (#25 item 1, #34 item 6)', () => {
  test('is big enough to mean something', () => {
    // #25's 52 and 41, and #34's host families (after `_`, `@`, `-`, combining marks, non-Latin TLDs, a
    // trailing dot, bracketed IPv6, IPv4 as one number, non-ASCII digits): 46 and 25 more.
    expect(LINKS.length).toBeGreaterThanOrEqual(98);
    expect(NOT_LINKS.length).toBeGreaterThanOrEqual(66);
  });

  test.each(LINKS)('finds the link in %j', (text) => expect(hasLink(text)).toBe(true));

  test.each(NOT_LINKS)('finds no link in %j', (text) => expect(hasLink(text)).toBe(false));

  test('stays linear on 200 kB of host-shaped text', () => {
    const units = [
      'a.',
      'a.b/',
      '[.]',
      '1.2.',
      'x{.}',
      '![',
      '](',
      'a．',
      'x_a.',
      '٣.',
      '[::1]',
      'a%2e',
      '!.',
      '1',
    ];
    for (const unit of units) {
      const t0 = performance.now();
      hasLink(unit.repeat(200_000 / unit.length));
      expect(performance.now() - t0).toBeLessThan(5000);
    }
  });
});
