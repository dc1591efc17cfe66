// Which of a page's computed styles change how an element and everything inside it is drawn (#25 item 8). The
// page can style the light-DOM host of Engram's closed root and every element around it, and a style on any of
// them is drawn onto the preview frame: a mask, a clip, a 5% zoom, a transform, a blend mode can make it invisible
// while its confirm still takes the person's click (Firefox has no IntersectionObserver v2 to notice; Chromium's
// misses `zoom`, measured in test/e2e/hostile.e2e.ts). So the frame counts as on screen only while every element
// it is drawn inside holds a harmless value for each of these properties. Only what ordinary chat sites use passes:
// translations (Tailwind's translate utilities, `translateZ(0)` layer hacks; ChatGPT and Le Chat translate the
// composer's column), `isolation`, `will-change`, `contain` (its paint clip is measured as a clip, sight.ts).
// Not listed, because they cannot reach the frame: inherited text styles (`font-size: 0`, `text-indent`, `color`,
// `color-scheme`) stop at the frame's own document, and the frame's own box is styled inline in the closed root.

/** What this needs of a computed style (happy-dom's and the browsers' CSSStyleDeclaration). */
export interface StyleRead {
  getPropertyValue(property: string): string;
}

const none = (v: string) => v === 'none';

/** `none`, or a matrix that only moves: its linear part is the identity (computed transforms are matrices). */
export function onlyMoves(transform: string): boolean {
  if (transform === 'none') return true;
  const [, three, values = ''] = /^matrix(3d)?\(([^)]*)\)$/.exec(transform) ?? [];
  const n = values.split(',').map(Number);
  // matrix(a, b, c, d, tx, ty); matrix3d is column-major: translation at 12..14, the last row 0 0 0 1.
  const identity = three ? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0] : [1, 0, 0, 1];
  return (
    n.length === (three ? 16 : 6) &&
    identity.every((v, i) => n[i] === v) &&
    (!three || n[15] === 1) &&
    n.every(Number.isFinite)
  );
}

/** Each property that can change what is drawn, and the values that leave it as it is. */
const HARMLESS: readonly (readonly [string, (value: string) => boolean])[] = [
  ['opacity', (v) => v === '1'],
  ['visibility', (v) => v === 'visible'],
  ['filter', none],
  // Also draws nothing over the frame, but Chromium's IntersectionObserver v2 counts it as not visible (measured),
  // so the confirm there stays off anyway: one rule for both browsers.
  ['backdrop-filter', none],
  ['mask-image', none],
  ['-webkit-mask-image', none],
  ['mask-border-source', none],
  ['-webkit-mask-box-image-source', none],
  ['clip-path', none],
  ['clip', (v) => v === 'auto'],
  ['transform', onlyMoves],
  ['scale', (v) => none(v) || /^1( 1){0,2}$/.test(v)],
  ['rotate', (v) => none(v) || /^0(deg|rad|turn|grad)?$/.test(v)],
  ['perspective', none],
  ['offset-path', none],
  ['zoom', (v) => v === '1' || v === 'normal'],
  ['mix-blend-mode', (v) => v === 'normal'],
  ['content-visibility', (v) => v === 'visible' || v === 'auto'],
  ['-webkit-box-reflect', none],
];

/** The first property of `style` that changes how its element's subtree is drawn, or null. */
export function visualEffect(style: StyleRead): string | null {
  for (const [property, harmless] of HARMLESS) {
    const value = style.getPropertyValue(property).trim();
    // '': a property this browser does not have (-webkit-box-reflect in Firefox), which then draws nothing.
    if (value !== '' && !harmless(value)) return property;
  }
  return null;
}

/** Whether the element cuts what it holds to its own box: overflow other than visible, paint containment. */
export function clipsContents(style: StyleRead): boolean {
  const overflow = [style.getPropertyValue('overflow-x'), style.getPropertyValue('overflow-y')];
  const contain = style.getPropertyValue('contain');
  return (
    overflow.some((v) => v !== 'visible' && v !== '') ||
    /\b(paint|strict|content)\b/.test(contain) ||
    style.getPropertyValue('content-visibility') === 'auto'
  );
}
