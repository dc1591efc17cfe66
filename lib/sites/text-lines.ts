// Site markup that text.ts reads as whole lines through its `lines` hook (#24), imported only by the sites that
// need it, so the other content scripts stay small.
import type { SiteLines } from './text';

/**
 * Gemini keeps each formula's TeX on its wrapper, whose KaTeX has no MathML to read it from (div.math-block
 * [data-math], gemini-2026-02-27 and -05-formatting): the HTML twin alone read "E=mc2". A block formula is its own
 * line; an inline one stays inline.
 */
export function texSource(el: Element): SiteLines | null {
  const tex = el.getAttribute('data-math');
  return tex === null ? null : { lines: [tex], level: el.localName === 'div' ? 1 : 0 };
}

const CELL_ROLES = new Set(['columnheader', 'rowheader', 'cell', 'gridcell']);
const cellText = (cell: Element): string => (cell.textContent ?? '').replace(/[\s\u00a0]+/g, ' ').trim();

/**
 * A table drawn as an ARIA grid of divs with no row elements (Le Chat's rich table, lechat-2026-05-formatting): one
 * line per row, cells joined as for <td>. Header cells hold sort buttons, which the walk skips, so cells are read
 * whole. Without this each cell came out on its own line and the header text was lost.
 */
export function gridTable(el: Element): SiteLines | null {
  if (el.getAttribute('role') !== 'table' || el.querySelector('[role="row"]')) return null;
  const cells = [...el.children].filter((c) => CELL_ROLES.has(c.getAttribute('role') ?? ''));
  const columns = cells.filter((c) => c.getAttribute('role') === 'columnheader').length;
  if (columns === 0) return null;
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += columns)
    lines.push(
      cells
        .slice(i, i + columns)
        .map(cellText)
        .join(' | '),
    );
  return { lines, level: 2 };
}
