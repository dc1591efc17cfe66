import { afterEach, describe, expect, test } from 'vitest';
import { withCoversHittable } from './covers';

// happy-dom does not cascade @layer !important: what the sheet does to hit testing is checked in Firefox
// (test/firefox/hostile.e2e.ts, the covers); here, that it reaches everything and leaves nothing behind.
afterEach(() => document.body.replaceChildren());

const probes = (root: Document | ShadowRoot) =>
  [...root.querySelectorAll('style')].filter((s) => s.textContent?.includes('engram-cover-probe'));

function coveredPage() {
  const open = document.createElement('div');
  const closed = document.createElement('div');
  document.body.append(open, closed);
  const openRoot = open.attachShadow({ mode: 'open' });
  const closedRoot = closed.attachShadow({ mode: 'closed' });
  const nested = document.createElement('div');
  closedRoot.append(nested);
  const nestedRoot = nested.attachShadow({ mode: 'closed' });
  const sheet = document.createElement('div');
  sheet.style.setProperty('pointer-events', 'none', 'important');
  const plain = document.createElement('span');
  plain.style.pointerEvents = 'none';
  const inert = document.createElement('div');
  inert.setAttribute('inert', '');
  nestedRoot.append(sheet, inert);
  openRoot.append(plain);
  const roots = new Map<Element, ShadowRoot>([
    [closed, closedRoot],
    [nested, nestedRoot],
  ]);
  const shadowOf = (el: Element) => roots.get(el) ?? el.shadowRoot;
  return { openRoot, closedRoot, nestedRoot, sheet, plain, inert, shadowOf };
}

describe('covers that take no clicks are made to take them while the frame is looked at (#25 item 8)', () => {
  test("a probe sheet first in the document and in every shadow root, the page's closed ones too", () => {
    const { openRoot, closedRoot, nestedRoot, shadowOf } = coveredPage();
    const seen = withCoversHittable(document, shadowOf, () => ({
      probes: [document, openRoot, closedRoot, nestedRoot].map((root) => probes(root).length),
      first: document.documentElement.firstElementChild?.textContent,
    }));
    expect(seen.probes).toEqual([1, 1, 1, 1]);
    // First in the document: the first layer declared wins among !important declarations.
    expect(seen.first).toContain('@layer engram-cover-probe');
    for (const root of [document, openRoot, closedRoot, nestedRoot]) expect(probes(root)).toEqual([]);
  });

  test('inline pointer-events (which beat any sheet) and inert are overridden, then put back as they were', () => {
    const { sheet, plain, inert, shadowOf } = coveredPage();
    const during = withCoversHittable(document, shadowOf, () => ({
      sheet: [
        sheet.style.getPropertyValue('pointer-events'),
        sheet.style.getPropertyPriority('pointer-events'),
      ],
      plain: plain.style.pointerEvents,
      inert: inert.hasAttribute('inert'),
    }));
    expect(during).toEqual({ sheet: ['auto', 'important'], plain: 'auto', inert: false });
    expect(sheet.style.getPropertyValue('pointer-events')).toBe('none');
    expect(sheet.style.getPropertyPriority('pointer-events')).toBe('important');
    expect(plain.style.pointerEvents).toBe('none');
    expect(plain.style.getPropertyPriority('pointer-events')).toBe('');
    expect(inert.hasAttribute('inert')).toBe(true);
  });

  test('everything is put back when the look throws', () => {
    const { sheet, inert, nestedRoot, shadowOf } = coveredPage();
    expect(() =>
      withCoversHittable(document, shadowOf, () => {
        throw new Error('look failed');
      }),
    ).toThrow('look failed');
    expect(probes(document)).toEqual([]);
    expect(probes(nestedRoot)).toEqual([]);
    expect(sheet.style.getPropertyValue('pointer-events')).toBe('none');
    expect(inert.hasAttribute('inert')).toBe(true);
  });
});
