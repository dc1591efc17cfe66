import { afterEach, describe, expect, test, vi } from 'vitest';
import { sightOf, type SightDeps } from './sight';

// happy-dom lays nothing out: boxes and hit tests are given here; the styles are happy-dom's computed ones. The
// browsers' own layout is checked end to end (test/e2e/hostile.e2e.ts, test/firefox/hostile.e2e.ts).
const SIZE = { width: 462, height: 402 };

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

function place(el: Element, b: Box, border = 0) {
  const rect = { ...b, x: b.left, y: b.top, right: b.left + b.width, bottom: b.top + b.height };
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ ...rect, toJSON: () => rect } as DOMRect);
  for (const [key, value] of Object.entries({
    clientLeft: border,
    clientTop: border,
    clientWidth: b.width - 2 * border,
    clientHeight: b.height - 2 * border,
  }))
    Object.defineProperty(el, key, { value, configurable: true });
}

/** A chat page: html > body > main > div > engram-insert, and the frame in the host's closed root. */
function page() {
  const main = document.createElement('main');
  const parent = document.createElement('div');
  const host = document.createElement('engram-insert');
  main.append(parent);
  parent.append(host);
  document.body.append(main);
  const root = host.attachShadow({ mode: 'closed' });
  const frame = document.createElement('iframe');
  root.append(frame);
  const box = { left: 100, top: 200, ...SIZE };
  place(frame, box);
  const roots = new Map<Element, ShadowRoot>([[host, root]]);
  let cover: (x: number, y: number) => Element | null = () => null;
  const within = (x: number, y: number) => {
    const r = frame.getBoundingClientRect();
    return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
  };
  const hits: [number, number][] = [];
  // As Firefox answers: a shadow root sees only its own tree, the document sees the host and what covers it.
  Object.defineProperty(root, 'elementFromPoint', {
    value: (x: number, y: number) => {
      hits.push([x, y]);
      return within(x, y) ? frame : null;
    },
  });
  vi.spyOn(document, 'elementFromPoint').mockImplementation(
    (x, y) => cover(x, y) ?? (within(x, y) ? host : document.body),
  );
  const deps: SightDeps = {
    shadowOf: (el) => roots.get(el) ?? el.shadowRoot,
    size: () => SIZE,
    hittable: (look) => look(),
    step: 24,
    inset: 13,
  };
  const sight = (over: Partial<SightDeps> = {}) => sightOf(frame, { ...deps, ...over });
  return { main, parent, host, frame, roots, box, hits, sight, cover: (c: typeof cover) => (cover = c) };
}

afterEach(() => {
  document.body.replaceChildren();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

describe('the preview frame as the page shows it (#25 item 8)', () => {
  test('plainly on screen: its size, nothing drawn onto it, on top at every grid point', () => {
    const { sight, hits } = page();
    expect(sight()).toBe('plain');
    // 462 × 402 px, 24 px apart and the far edges, 13 px in from the rounded corners.
    expect(hits.length).toBe(20 * 17);
  });

  test('a style on any element it is drawn inside, across its closed root, up to the root element', () => {
    const { host, parent, main, sight } = page();
    for (const el of [host, parent, main, document.body, document.documentElement]) {
      el.style.setProperty('mask-image', 'linear-gradient(red, red)');
      expect(sight(), el.localName).toBe('hidden');
      el.style.removeProperty('mask-image');
      expect(sight(), el.localName).toBe('plain');
    }
  });

  test("through the page's own shadow roots, and the slot that draws the host", () => {
    const { main, roots, sight } = page();
    const outer = document.createElement('div');
    document.body.append(outer);
    const shadow = outer.attachShadow({ mode: 'closed' });
    roots.set(outer, shadow);
    const faded = document.createElement('div');
    const slot = document.createElement('slot');
    faded.append(slot);
    shadow.append(faded);
    outer.append(main);
    expect(sight()).toBe('plain');
    faded.style.opacity = '0.01';
    expect(sight()).toBe('hidden');
    faded.style.opacity = '';
    // A child no slot takes is not drawn at all.
    slot.remove();
    expect(sight()).toBe('hidden');
  });

  test('drawn at any other size than its own: a scale the styles do not show (an SVG viewBox)', () => {
    const { frame, box, sight } = page();
    place(frame, { ...box, width: 23, height: 20 });
    expect(sight()).toBe('hidden');
  });

  test('mostly outside the viewport is away; the top cut off by a little still counts', () => {
    const { frame, box, sight } = page();
    place(frame, { ...box, top: -300 });
    expect(sight()).toBe('away');
    place(frame, { ...box, top: -40 });
    expect(sight()).toBe('plain');
  });

  test('clipped by an element it is drawn inside: a small window hides it; a tall column does not', () => {
    const { parent, main, sight } = page();
    parent.style.overflowX = 'hidden';
    place(parent, { left: 0, top: 560, width: 1024, height: 80 });
    expect(sight()).toBe('hidden');
    parent.style.overflowX = '';
    main.style.setProperty('contain', 'paint');
    place(main, { left: 0, top: 0, width: 1024, height: 768 }, 1);
    expect(sight()).toBe('plain');
  });

  test('covered anywhere on the grid; the corners its rounded border cuts off are not asked', () => {
    const { sight, cover, box } = page();
    const sheet = document.createElement('div');
    cover((x, y) => (x > 300 && x < 340 && y > 500 && y < 520 ? sheet : null));
    expect(sight()).toBe('hidden');
    cover((x, y) => (x < box.left + 12 && y < box.top + 12 ? sheet : null));
    expect(sight()).toBe('plain');
  });

  test('the grid is looked at through `hittable` (where covers that take no clicks are made to take them)', () => {
    const { sight } = page();
    expect(sight({ hittable: () => false })).toBe('hidden');
  });

  test('a hidden element, a tab in the background', () => {
    const { frame, sight } = page();
    frame.hidden = true;
    expect(sight()).toBe('away');
    frame.hidden = false;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(sight()).toBe('away');
  });
});
