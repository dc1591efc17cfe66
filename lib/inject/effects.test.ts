import { afterEach, describe, expect, test } from 'vitest';
import { clipsContents, onlyMoves, visualEffect } from './effects';

/** A computed style as a browser reports it: every property not given has its initial value. */
const INITIAL: Record<string, string> = {
  opacity: '1',
  visibility: 'visible',
  filter: 'none',
  'backdrop-filter': 'none',
  'mask-image': 'none',
  '-webkit-mask-image': 'none',
  'clip-path': 'none',
  clip: 'auto',
  transform: 'none',
  translate: 'none',
  scale: 'none',
  rotate: 'none',
  perspective: 'none',
  'offset-path': 'none',
  zoom: '1',
  'mix-blend-mode': 'normal',
  'content-visibility': 'visible',
  isolation: 'auto',
  'overflow-x': 'visible',
  'overflow-y': 'visible',
  contain: 'none',
};
const computed = (given: Record<string, string> = {}) => ({
  getPropertyValue: (p: string) => given[p] ?? INITIAL[p] ?? '',
});

afterEach(() => document.body.replaceChildren());

describe('visual effects on an element the preview is drawn inside (#25 item 8)', () => {
  // Computed values as Firefox 153 and Chromium 156 report them for each trick of test/e2e/hiding.ts.
  test.each([
    ['opacity', '0'],
    ['opacity', '0.99'],
    ['visibility', 'hidden'],
    ['visibility', 'collapse'],
    ['filter', 'opacity(0)'],
    ['filter', 'url("#engram-gone")'],
    ['filter', 'invert(1) hue-rotate(180deg)'],
    ['backdrop-filter', 'blur(8px)'],
    ['mask-image', 'linear-gradient(rgba(0, 0, 0, 0.02), rgba(0, 0, 0, 0.02))'],
    ['-webkit-mask-image', 'linear-gradient(rgba(0, 0, 0, 0.02), rgba(0, 0, 0, 0.02))'],
    ['mask-border-source', 'url("x.png")'],
    ['-webkit-mask-box-image-source', 'url("x.png")'],
    ['clip-path', 'circle(3px at 86px -40px)'],
    ['clip', 'rect(0px, 0px, 0px, 0px)'],
    ['transform', 'matrix(0.05, 0, 0, 0.05, 0, 0)'],
    ['transform', 'matrix(1, 0, 57.29, 1, 0, 0)'],
    ['transform', 'matrix(-1, 0, 0, -1, 0, 0)'],
    ['transform', 'matrix3d(1, 0, 0, 0, 0, 0.17, 0.98, 0, 0, -0.98, 0.17, 0, 0, 0, 0, 1)'],
    ['transform', 'matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.01, 0, 0, 0, 1)'],
    ['scale', '0.05'],
    ['scale', '1 0.01'],
    ['rotate', '180deg'],
    ['rotate', 'x 89deg'],
    ['perspective', '100px'],
    ['offset-path', 'path("M 0 0 L 100 100")'],
    ['zoom', '0.05'],
    ['zoom', '2'],
    ['mix-blend-mode', 'lighten'],
    ['content-visibility', 'hidden'],
    ['-webkit-box-reflect', 'below 0px'],
  ])('%s: %s is refused', (property, value) => {
    expect(visualEffect(computed({ [property]: value }))).toBe(property);
  });

  test.each([
    ['translateZ(0), a layer hack', { transform: 'matrix(1, 0, 0, 1, 0, 0)' }],
    ['a translation', { transform: 'matrix(1, 0, 0, 1, -230, 4.5)' }],
    ['a 3D translation', { transform: 'matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 5, -3, 1)' }],
    ["Tailwind's translate utilities", { translate: '0px -1px' }],
    ['scale: 1, rotate: 0deg', { scale: '1', rotate: '0deg' }],
    ['isolation and content-visibility: auto', { isolation: 'isolate', 'content-visibility': 'auto' }],
    ['a property this browser does not know', { '-webkit-box-reflect': '' }],
  ])('%s is harmless', (_, given) => {
    expect(visualEffect(computed(given))).toBeNull();
  });

  test('an unparsable or non-finite transform is refused', () => {
    for (const t of ['scale(0.05)', 'matrix(1, 0, 0, 1, NaN, 0)', 'matrix(1, 0, 0, 1)', 'translateX(4px)'])
      expect(onlyMoves(t), t).toBe(false);
  });

  test("from happy-dom's computed style of an element the page styled", () => {
    const host = document.createElement('engram-insert');
    document.body.append(host);
    for (const [property, value] of [
      ['mask-image', 'linear-gradient(red, red)'],
      ['clip-path', 'circle(3px)'],
      ['zoom', '0.05'],
      ['mix-blend-mode', 'lighten'],
      ['opacity', '0'],
      ['transform', 'scale(0.05)'],
      ['content-visibility', 'hidden'],
    ]) {
      host.style.cssText = `${property}: ${value}`;
      expect(visualEffect(getComputedStyle(host)), property).toBe(property);
    }
    host.style.cssText = '';
    expect(visualEffect(getComputedStyle(host))).toBeNull();
  });
});

describe('what clips the preview', () => {
  test.each([
    [{ 'overflow-x': 'hidden' }, true],
    [{ 'overflow-y': 'auto' }, true],
    [{ 'overflow-x': 'clip' }, true],
    [{ contain: 'paint' }, true],
    [{ contain: 'strict' }, true],
    [{ contain: 'content' }, true],
    [{ 'content-visibility': 'auto' }, true],
    [{ contain: 'layout style' }, false],
    [{ contain: 'size' }, false],
    [{}, false],
  ])('%o clips: %s', (given, clips) => {
    expect(clipsContents(computed(given))).toBe(clips);
  });
});
