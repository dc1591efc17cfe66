// What a chat page can do with CSS to hide Engram's preview while its confirm still takes the person's click
// (#11, #25 item 8), for the hostile suites in Chromium (hostile.e2e.ts) and Firefox (test/firefox/hostile.e2e.ts).
// Each trick aims where a real attacker would: the confirm stays under the point the person is about to click,
// drawn invisibly, or so small, faded, squashed or covered that they cannot see what they confirm.
export interface Point {
  x: number;
  y: number;
}

export interface Trick {
  name: string;
  /**
   * A style sheet the page adds. `{hx}`/`{hy}`: the confirm's centre from the host's top-left corner (the custom
   * element the page can style); `{px}`/`{py}`: from its parent's.
   */
  css: string;
  /** The style of an element the page lays over everything; clicks pass through it. */
  cover?: string;
  /** An SVG filter `#engram-gone` that draws nothing, for `filter: url(...)`. */
  svg?: boolean;
  /**
   * Where the person's click lands: where the confirm is drawn now (found from the frame's box: the trick moved
   * or shrank it), or where it was (a transform about that very point keeps it there).
   */
  aim: 'drawn' | 'still';
}

const HOST = 'engram-insert';
const PARENT = ':has(> engram-insert)';
const ABOUT = 'transform-origin: {hx}px {hy}px !important;';
// 2% left: a mask that leaves nothing at all also stops Firefox delivering clicks to the frame.
const GONE = 'linear-gradient(rgba(0, 0, 0, 0.02), rgba(0, 0, 0, 0.02))';

export const TRICKS: Trick[] = [
  { name: 'transparent', css: `${HOST} { opacity: 0 !important; }`, aim: 'drawn' },
  { name: 'faded through an ancestor', css: 'form, main { opacity: 0.2 !important; }', aim: 'drawn' },
  {
    name: 'moved off screen',
    css: `${HOST} { position: fixed !important; top: -3000px !important; }`,
    aim: 'still',
  },
  { name: 'masked (mask-image)', css: `${HOST} { mask-image: ${GONE} !important; }`, aim: 'drawn' },
  {
    name: 'masked on an ancestor (-webkit-mask)',
    css: `${PARENT} { -webkit-mask: ${GONE} !important; }`,
    aim: 'drawn',
  },
  {
    name: 'clipped to a dot (clip-path)',
    css: `${HOST} { clip-path: circle(3px at {hx}px {hy}px) !important; }`,
    aim: 'still',
  },
  { name: 'zoomed to 5% (zoom)', css: `${HOST} { zoom: 0.05 !important; }`, aim: 'drawn' },
  {
    name: 'scaled to 5% (transform: scale)',
    css: `${HOST} { transform: scale(0.05) !important; ${ABOUT} }`,
    aim: 'still',
  },
  { name: 'scaled to 5% (scale)', css: `${HOST} { scale: 0.05 !important; ${ABOUT} }`, aim: 'still' },
  {
    name: 'a near-zero matrix',
    css: `${HOST} { transform: matrix(0.05, 0, 0, 0.05, 0, 0) !important; ${ABOUT} }`,
    aim: 'still',
  },
  {
    name: 'turned almost edge-on (rotateX)',
    css: `${HOST} { transform: rotateX(80deg) !important; ${ABOUT} }`,
    aim: 'still',
  },
  {
    name: 'skewed into a sliver',
    css: `${HOST} { transform: skewX(89deg) !important; ${ABOUT} }`,
    aim: 'still',
  },
  {
    name: 'turned around with its back hidden',
    css: `${HOST} { transform: rotateY(180deg) !important; backface-visibility: hidden !important; ${ABOUT} }`,
    aim: 'still',
  },
  {
    name: 'pushed away in 3D (perspective on an ancestor)',
    css: `${PARENT} { perspective: 100px !important; perspective-origin: {px}px {py}px !important; } ${HOST} { transform: translateZ(-1900px) !important; }`,
    aim: 'still',
  },
  {
    name: 'blended into the page (mix-blend-mode)',
    css: `html { background: #fff !important; } ${HOST} { mix-blend-mode: lighten !important; }`,
    aim: 'drawn',
  },
  { name: 'filtered on an ancestor', css: `${PARENT} { filter: opacity(0) !important; }`, aim: 'drawn' },
  {
    name: 'an SVG filter (filter: url)',
    css: `${HOST} { filter: url(#engram-gone) !important; }`,
    svg: true,
    aim: 'drawn',
  },
  { name: 'hidden (visibility)', css: `${HOST} { visibility: hidden !important; }`, aim: 'drawn' },
  {
    name: 'not rendered (content-visibility)',
    css: `${PARENT} { content-visibility: hidden !important; }`,
    aim: 'drawn',
  },
  {
    name: 'seen through a small window (overflow: hidden)',
    css: `${PARENT} { overflow: hidden !important; contain: paint !important; padding-top: 80px !important; }`,
    aim: 'drawn',
  },
  { name: 'covered by an overlay clicks pass through', css: '', cover: 'background: #fff;', aim: 'drawn' },
  {
    name: 'blurred by a pass-through overlay (backdrop-filter)',
    css: '',
    cover: 'background: transparent; backdrop-filter: blur(40px);',
    aim: 'drawn',
  },
  {
    name: 'whited out by a blending overlay outside its ancestors',
    css: '',
    cover: 'background: #fff; mix-blend-mode: lighten;',
    aim: 'drawn',
  },
];

/**
 * Hidden until the pointer is over it: the person sees the preview only from the moment they are about to click.
 * (Faded, not masked: Firefox delivers no click to a masked frame, measured.)
 */
export const REVEALED_ON_HOVER =
  'engram-insert { opacity: 0.02 !important; } engram-insert:hover { opacity: 1 !important; }';

/** Runs in the page (self-contained: it is sent as source). `at`: the confirm's centre before the trick. */
export function applyTrick(t: { css: string; cover: string | null; svg: boolean; at: Point }): void {
  const host = document.querySelector<HTMLElement>('engram-insert')!;
  const h = host.getBoundingClientRect();
  const p = host.parentElement!.getBoundingClientRect();
  const fill = (s: string) =>
    s
      .replaceAll('{hx}', String(t.at.x - h.left))
      .replaceAll('{hy}', String(t.at.y - h.top))
      .replaceAll('{px}', String(t.at.x - p.left))
      .replaceAll('{py}', String(t.at.y - p.top));
  if (t.svg) {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    const filter = document.createElementNS(ns, 'filter');
    const matrix = document.createElementNS(ns, 'feColorMatrix');
    svg.setAttribute('style', 'position:absolute;width:0;height:0');
    filter.id = 'engram-gone';
    matrix.setAttribute('values', '0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0 0');
    filter.append(matrix);
    svg.append(filter);
    document.body.append(svg);
  }
  if (t.cover !== null) {
    const cover = document.createElement('div');
    cover.textContent = 'Click anywhere to continue';
    cover.style.cssText = `position:fixed;inset:0;z-index:2147483647;pointer-events:none;font-size:40px;${t.cover}`;
    document.body.append(cover);
  }
  const style = document.createElement('style');
  style.textContent = fill(t.css);
  document.head.append(style);
}

/** The arguments of `applyTrick` for one trick. */
export const trickArgs = (t: Trick, at: Point) => ({ css: t.css, cover: t.cover ?? null, svg: !!t.svg, at });

/** Where the person clicks after the trick: `before`/`after` are the frame's boxes in the page. */
export function aimAt(t: Trick, at: Point, before: DOMRectLike, after: DOMRectLike): Point {
  if (t.aim === 'still' || !before.width || !before.height) return at;
  return {
    x: after.x + ((at.x - before.x) * after.width) / before.width,
    y: after.y + ((at.y - before.y) * after.height) / before.height,
  };
}

export interface DOMRectLike {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Styles ordinary sites put on the composer's ancestors, and text styles that do not reach into the frame. */
export const ORDINARY_CSS = [
  // A layout container promoted to its own layer, and Tailwind v4's translate utilities (ChatGPT's main column).
  'main { transform: translateZ(0); will-change: transform; isolation: isolate; }',
  `${PARENT} { translate: 0 -1px; contain: layout style; }`,
  // A tall clipping container that holds the whole frame (Le Chat's column, Claude's scroller).
  'main { overflow: hidden; }',
  // Inherited text styles: CSS inheritance stops at the frame's document.
  `${HOST} { font-size: 0; text-indent: -9999px; color: transparent; color-scheme: dark; letter-spacing: -5px; }`,
].join('\n');

/** Runs inside the preview frame (Chromium and Firefox): the confirm's message, with the tab's reply. */
export function sendInsertText(text: string): Promise<unknown> {
  return new Promise((resolve) =>
    // eslint-disable-next-line no-restricted-syntax -- the message the frame's confirm sends, without its guard
    chrome.runtime.sendMessage(
      { id: 1, type: 'previewInsertText', data: { text }, timestamp: Date.now() },
      resolve,
    ),
  );
}
