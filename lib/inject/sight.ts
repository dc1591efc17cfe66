// Is the preview frame plainly on screen, as far as the chat page's own document can tell (#11, #25 item 8)? The
// content script asks before it inserts what the frame's confirm sends, and every VISIBLE_MS/5 while the preview
// is open (frame.ts). In Firefox, which has no IntersectionObserver v2, this is the whole guard; in Chromium it
// stands behind the frame's own (components/preview/visibility.ts), which misses `zoom`.
//
// Plainly on screen: drawn at its own size (nothing scales it), inside elements whose styles change nothing about
// how it is drawn (effects.ts), at least half of it inside the viewport and every element that clips it, and the
// frame itself on top at every point of a grid over that visible part. What a cover that takes no clicks draws
// over it, hit testing cannot see: `hittable` is where covers.ts makes such covers take clicks while it looks.
import { clipsContents, visualEffect } from './effects';

export type Sight = 'plain' | 'hidden' | 'away';

export interface SightDeps {
  /** The shadow root attached to `el`, closed ones too where this script may see them (frame.ts). */
  shadowOf(el: Element): ShadowRoot | null;
  /** The frame's border box when nothing scales it. */
  size(view: Window): { width: number; height: number };
  /** Runs `look`; at the click, in Firefox, while covers that take no clicks are made to take them. */
  hittable(look: () => boolean): boolean;
  /** Distance (px) between the points where the frame must be on top, and their distance from its edges. */
  step: number;
  inset: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const HALF = 0.5;
const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
const meet = (a: Box, b: Box): Box => ({
  left: Math.max(a.left, b.left),
  top: Math.max(a.top, b.top),
  right: Math.min(a.right, b.right),
  bottom: Math.min(a.bottom, b.bottom),
});

/** The slot of `root` that draws `el`, or null: a child no slot takes is not drawn. */
function slotOf(root: ShadowRoot, el: Element): Element | null {
  const walk = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let n = walk.nextNode() as Element | null; n; n = walk.nextNode() as Element | null)
    if (n.localName === 'slot' && (n as HTMLSlotElement).assignedElements({ flatten: true }).includes(el))
      return n;
  return null;
}

/**
 * The element and everything it is drawn inside (the flat tree: through shadow roots and the slots that draw
 * light-DOM children), up to the document's root; null when it is not drawn at all.
 */
export function drawnInside(el: Element, shadowOf: SightDeps['shadowOf']): Element[] | null {
  const chain = [el];
  for (let n: Element = el; ;) {
    const parent = n.parentElement;
    const root = parent && shadowOf(parent);
    const next = root ? slotOf(root, n) : (parent ?? ((n.getRootNode() as ShadowRoot).host || null));
    if (root && !next) return null;
    if (!next) return chain;
    chain.push((n = next));
  }
}

/** Where an element cuts what it holds: its padding box (the scrollport of a scroller). */
function paddingBox(n: Element): Box {
  const r = n.getBoundingClientRect();
  const left = r.left + n.clientLeft;
  const top = r.top + n.clientTop;
  return { left, top, right: left + n.clientWidth, bottom: top + n.clientHeight };
}

/** What of `box` the elements it is drawn inside (with their styles) leave visible where they clip. */
function unclipped(box: Box, inside: [Element, CSSStyleDeclaration][], doc: Document): Box {
  // The root's overflow, and the body's while the root's is visible, belong to the viewport (CSS Overflow 3).
  const root = inside.find(([n]) => n === doc.documentElement)?.[1];
  const viewports = new Set<Element>([doc.documentElement]);
  if (doc.body && root?.overflowX === 'visible') viewports.add(doc.body);
  return inside.reduce((seen, [n, s]) => {
    // Inline boxes and `display: contents` clip nothing, and report no box to clip to.
    const boxed = s.display !== 'contents' && s.display !== 'inline' && !viewports.has(n);
    return boxed && clipsContents(s) ? meet(seen, paddingBox(n)) : seen;
  }, box);
}

/**
 * Whether `el` is on top at every grid point of `box`: at each level of shadow roots up to the document, what
 * that root finds there is `el` or the host it is drawn in (Firefox's ShadowRoot.elementFromPoint sees only its
 * own tree: a page element over the frame shows only at the document's level).
 */
function onTop(el: Element, box: Box, { step, inset }: SightDeps): boolean {
  const levels: [ShadowRoot | Document, Element][] = [];
  for (let n: Element | null = el; n;) {
    const root = n.getRootNode() as ShadowRoot | Document;
    levels.push([root, n]);
    n = 'host' in root ? root.host : null;
  }
  const at = (from: number, to: number) => {
    const points = [];
    for (let p = from + inset; p < to - inset; p += step) points.push(p);
    return [...points, to - inset];
  };
  for (const x of at(box.left, box.right))
    for (const y of at(box.top, box.bottom))
      if (!levels.every(([root, n]) => root.elementFromPoint(x, y) === n)) return false;
  return true;
}

/** Where the frame `el` stands: plainly on screen, hidden by the page, or (mostly) outside the viewport. */
export function sightOf(el: HTMLElement, deps: SightDeps): Sight {
  const doc = el.ownerDocument;
  const view = doc.defaultView;
  if (!view || el.hidden || !el.isConnected || doc.visibilityState !== 'visible') return 'away';
  const chain = drawnInside(el, deps.shadowOf);
  if (!chain) return 'hidden';
  const inside = chain.map((n) => [n, view.getComputedStyle(n)] as [Element, CSSStyleDeclaration]);
  if (inside.some(([, s]) => visualEffect(s) !== null)) return 'hidden';
  const r = el.getBoundingClientRect();
  const want = deps.size(view);
  if (Math.abs(r.width - want.width) > 1 || Math.abs(r.height - want.height) > 1) return 'hidden';
  const inView = meet(r, { left: 0, top: 0, right: view.innerWidth, bottom: view.innerHeight });
  if (area(inView) < HALF * area(r)) return 'away';
  const seen = unclipped(inView, inside.slice(1), doc);
  if (area(seen) < HALF * area(r)) return 'hidden';
  return deps.hittable(() => onTop(el, seen, deps)) ? 'plain' : 'hidden';
}
