// axe-core as the accessibility audit runs it in a page (a11y.e2e.ts, #16): the rules, and the two functions
// evaluated inside the audited document. Both are passed to `evaluate` as source, so each uses only what it
// declares and the page's globals.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Finding {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

interface AxeColor {
  alpha: number;
  parseString(css: string): AxeColor;
}
type Axe = typeof import('axe-core') & {
  commons: {
    color: {
      Color: new () => AxeColor;
      getBackgroundColor(el: Element, bgElms?: Element[]): AxeColor | null;
      getForegroundColor(el: Element, noScroll?: boolean, bg?: AxeColor | null): AxeColor | null;
      getOwnBackgroundColor(style: CSSStyleDeclaration): AxeColor;
      flattenColors(source: AxeColor, backdrop: AxeColor): AxeColor;
      getContrast(bg: AxeColor | null, fg: AxeColor | null): number | null;
    };
  };
};

/** axe's violations, and its "needs review" results except contrast (undecidable over overlapping layers). */
export function runAxe(tags: string[]): Promise<Finding[]> {
  const axe = (window as unknown as { axe: Axe }).axe;
  return axe
    .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'incomplete'] })
    .then(({ violations, incomplete }) =>
      [...violations, ...incomplete.filter((r) => r.id !== 'color-contrast')].flatMap((v) =>
        v.nodes.map((n) => ({
          rule: v.id,
          impact: n.impact ?? v.impact ?? 'unknown',
          target: n.target.join(' '),
          summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
        })),
      ),
    );
}

/**
 * Contrast of what axe leaves out: the text of disabled controls and shown placeholders, measured with axe's own
 * colour engine (backgrounds stacked, opacity and alpha blended).
 */
export function lowContrast(min: number): { checked: string[]; low: Finding[] } {
  const axe = (window as unknown as { axe: Axe }).axe;
  const { Color, getBackgroundColor, getForegroundColor, getContrast, getOwnBackgroundColor, flattenColors } =
    axe.commons.color;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('placeholder') || '').trim().slice(0, 40)}"`;
  const parse = (css: string) => {
    const color = new Color();
    color.parseString(css);
    return color;
  };
  /** The element's background over its ancestors' down to the page's white canvas. */
  const ownBackground = (el: Element) => {
    let color = getOwnBackgroundColor(getComputedStyle(el));
    for (let up = el.parentElement; up && color.alpha < 1; up = up.parentElement)
      color = flattenColors(color, getOwnBackgroundColor(getComputedStyle(up)));
    return color.alpha < 1 ? flattenColors(color, parse('#ffffff')) : color;
  };
  const checked: string[] = [];
  const low: Finding[] = [];
  axe.setup(document);
  try {
    const disabled = [...document.querySelectorAll('button:disabled, a[aria-disabled="true"]')];
    const placeholders = [...document.querySelectorAll(':is(input, textarea):placeholder-shown')];
    for (const el of [...disabled, ...placeholders]) {
      if (!el.getClientRects().length) continue;
      el.scrollIntoView({ block: 'center' });
      const isPlaceholder = placeholders.includes(el);
      // A placeholder is drawn on its field's own background; axe's layer walk gave up on a password field
      // ("partially obscured") that nothing covers.
      const bg = isPlaceholder ? ownBackground(el) : (getBackgroundColor(el, []) ?? ownBackground(el));
      const fg = isPlaceholder
        ? parse(getComputedStyle(el, '::placeholder').color)
        : getForegroundColor(el, false, bg);
      const ratio = getContrast(bg, fg);
      const what = `${isPlaceholder ? 'placeholder of ' : 'disabled '}${name(el)}`;
      checked.push(what);
      if (ratio === null || ratio < min)
        low.push({
          rule: isPlaceholder ? 'placeholder-contrast' : 'disabled-contrast',
          impact: 'serious',
          target: what,
          summary: ratio === null ? 'contrast not measurable' : `contrast ${ratio.toFixed(2)}:1 < ${min}:1`,
        });
    }
  } finally {
    axe.teardown();
  }
  return { checked, low };
}
