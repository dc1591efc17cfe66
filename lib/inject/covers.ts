// Covers that take no clicks (#25 item 8). A page can lay anything over the preview frame, a white sheet, a blur
// (`backdrop-filter`), a blend, with `pointer-events: none` or `inert`: the person's click goes through it to the
// confirm, and hit testing does not see it (elementFromPoint, and elementsFromPoint too: measured in Firefox 153 and
// Chromium 156). Chromium's IntersectionObserver v2 does see such covers, in the frame; Firefox has nothing that
// does. So at the click every element and pseudo-element of the page (its shadow roots too, closed ones included)
// takes pointer events for the moment sight.ts looks, and everything is put back before anything else runs: one
// task, so no page script runs and no frame is drawn in between.
//
// It costs a style recalculation of the whole page each way: on a 16,776-element page with 6,000 rules, 50-80 ms
// each way (Firefox 153 and Chromium 156, load average 5 on 2 cores) and 130-230 ms in all at load average 12.
// Once, at the confirm; too much for every look, so a cover the page takes away in the instant the pointer
// arrives is not caught (SECURITY.md). Marking only the elements whose pointer-events is none was slower
// (200-330 ms): it has to compute every element's ::before and ::after.

// The first layer anyone declares (the sheet comes first in the document) wins among !important declarations,
// and a layered !important beats an unlayered one. One rule per selector: a selector a browser does not know
// drops only its own rule.
const RULES = [
  '*, ::before, ::after, ::marker, ::backdrop',
  ':host',
  '::slotted(*)',
  '::view-transition',
  '::view-transition-group(*)',
  '::view-transition-image-pair(*)',
  '::view-transition-old(*)',
  '::view-transition-new(*)',
];
const SHEET = `@layer engram-cover-probe { ${RULES.map((s) => `${s} { pointer-events: auto !important; }`).join(' ')} }`;

interface Found {
  roots: ShadowRoot[];
  /** Inline declarations beat any sheet: each is overridden, then put back as it was. */
  inline: { el: HTMLElement; value: string; priority: string }[];
  inert: Element[];
}

function collect(root: Document | ShadowRoot, shadowOf: (el: Element) => ShadowRoot | null, found: Found) {
  const doc = root.ownerDocument ?? (root as Document);
  const walk = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let n = walk.nextNode() as Element | null; n; n = walk.nextNode() as Element | null) {
    if (n.hasAttribute('inert')) found.inert.push(n);
    const style = n.hasAttribute('style') ? (n as HTMLElement).style : undefined;
    const value = style?.getPropertyValue('pointer-events');
    if (style && value)
      found.inline.push({
        el: n as HTMLElement,
        value,
        priority: style.getPropertyPriority('pointer-events'),
      });
    const inner = shadowOf(n);
    if (inner) {
      found.roots.push(inner);
      collect(inner, shadowOf, found);
    }
  }
}

/** Runs `look` while everything drawn on the page takes pointer events, then puts the page back as it was. */
export function withCoversHittable<T>(
  doc: Document,
  shadowOf: (el: Element) => ShadowRoot | null,
  look: () => T,
): T {
  const found: Found = { roots: [], inline: [], inert: [] };
  collect(doc, shadowOf, found);
  const sheets = [doc.documentElement, ...found.roots].map((parent) => {
    const style = doc.createElement('style');
    style.textContent = SHEET;
    parent.prepend(style);
    return style;
  });
  for (const { el } of found.inline) el.style.setProperty('pointer-events', 'auto', 'important');
  for (const el of found.inert) el.removeAttribute('inert');
  try {
    return look();
  } finally {
    for (const style of sheets) style.remove();
    for (const { el, value, priority } of found.inline)
      el.style.setProperty('pointer-events', value, priority);
    for (const el of found.inert) el.setAttribute('inert', '');
  }
}
