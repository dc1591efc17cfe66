// Page text as a person reads it, from a walk over DOM nodes. No innerText: happy-dom (tests) has no layout, and
// innerText would also read screen-reader labels and both halves of KaTeX. Nothing here mutates or clones the page.

export interface ReadableOptions {
  /** Site chrome to drop on top of the shared list (citation pills, status rows). */
  drop?: readonly string[];
  /**
   * The element shows its text as typed, line breaks kept, by a style no markup names (DeepSeek's prompt bubble
   * has only hashed classes): read it verbatim.
   */
  preformatted?: boolean;
  /**
   * Site markup read as whole lines instead of walked (Gemini's TeX wrappers, Le Chat's grid tables: text-lines.ts),
   * kept out of the shared walk so other sites' content scripts do not carry it (50 kB each, #24).
   */
  lines?: (el: Element) => SiteLines | null;
}

/** Lines for an element, on their own lines; `level` as blockLevel (0: inline, as an inline formula is). */
export interface SiteLines {
  lines: readonly string[];
  level: 0 | 1 | 2;
  /** Lines of code: kept as they are, indentation included (Monaco's, text-lines.ts). */
  verbatim?: boolean;
}

// Not seen by a person. `[aria-hidden=true]` is NOT here: KaTeX's visible half and many icons carry it, and what
// a sighted reader sees is exactly what we want; icons yield no text anyway.
const CHROME = [
  '.sr-only',
  '[hidden]',
  '[style*="display: none"]',
  '[style*="display:none"]',
  // Perplexity's sticky table header twin (perplexity-2026-05-formatting) is hidden this way.
  '[style*="visibility: hidden"]',
  '[style*="visibility:hidden"]',
  '[role="toolbar"]',
];
const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));
const SKIP_TAGS = words(
  'script style noscript template button svg textarea input select option img picture video audio canvas iframe object',
);
// Injected by the capturer's writing extensions (chatgpt-2026-01-29: `qb-highlighter`, `data-quillbot-humanize-button`).
const NOISE_TAG = /^(qb|quillbot|grammarly)-/;
const NOISE_ATTR = /^data-(quillbot|grammarly)/;
const BLANK_LINE = words('p h1 h2 h3 h4 h5 h6 pre blockquote ul ol table hr figure dl');
const NEW_LINE = words(
  'div li tr section article header footer main aside nav dt dd figcaption summary details caption form fieldset',
);
// pre-line keeps line breaks too: Perplexity's query (`group/query`, both 2026 captures).
const PRE_CLASS = /^whitespace-(pre|pre-wrap|pre-line|break-spaces)!?$/;
// Zero-width characters a person never sees: Perplexity puts a U+200B after each citation pill (-02-27).
const INVISIBLE = /[\u200b\u2060\ufeff]/g;

const isElement = (node: Node): node is Element => node.nodeType === 1;
const isText = (node: Node): node is Text => node.nodeType === 3;

/** Joins inline text with collapsed whitespace and block boundaries as at most one blank line. */
class Writer {
  private out = '';
  private pendingBreak = 0;
  private pendingSpace = false;

  text(data: string): void {
    const s = data.replace(INVISIBLE, '').replace(/[\s\u00a0]+/g, ' ');
    if (s === '') return;
    if (s === ' ') {
      this.pendingSpace = true;
      return;
    }
    this.emit(s.trim(), s.startsWith(' '));
    this.pendingSpace = s.endsWith(' ');
  }

  /** Preformatted text (code, typed prompts): kept verbatim except blank edges. */
  raw(data: string): void {
    const s = data
      .replace(INVISIBLE, '')
      .replace(/^(?:[ \t]*\n)+/, '')
      .trimEnd();
    if (s !== '') this.emit(s, false);
  }

  block(level: 1 | 2): void {
    if (this.out !== '') this.pendingBreak = Math.max(this.pendingBreak, level);
    this.pendingSpace = false;
  }

  lineBreak(): void {
    if (this.out !== '') this.pendingBreak = Math.min(2, this.pendingBreak + 1);
  }

  result(): string {
    return this.out.trim();
  }

  private emit(s: string, leadingSpace: boolean): void {
    if (this.out !== '') {
      if (this.pendingBreak > 0) this.out += '\n'.repeat(this.pendingBreak);
      else if (leadingSpace || this.pendingSpace) this.out += ' ';
    }
    this.out += s;
    this.pendingBreak = 0;
    this.pendingSpace = false;
  }
}

function isSkipped(el: Element, drop: string): boolean {
  const tag = el.localName;
  if (SKIP_TAGS.has(tag) || NOISE_TAG.test(tag)) return true;
  if (el.getAttributeNames().some((name) => NOISE_ATTR.test(name))) return true;
  return el.matches(drop);
}

/**
 * A saved page whose saver dropped MathML's <semantics> and <annotation> keeps the TeX as the <math>'s own text
 * after its <mrow> (qwen-2026-05-panel): read that, not the glyphs before it. A text node stands in for the element.
 */
function flattenedTex(katex: Element): { textContent: string } | null {
  const math = katex.querySelector('math');
  const own = [...(math?.childNodes ?? [])]
    .filter(isText)
    .map((t) => t.data)
    .join('')
    .trim();
  return own ? { textContent: own } : null;
}

/** KaTeX renders MathML (with the TeX source as an annotation) and an HTML twin; keep the TeX once. */
function mathText(katex: Element): string {
  const tex = katex.querySelector('annotation[encoding="application/x-tex"]') ?? flattenedTex(katex);
  const source = tex ?? katex.querySelector('.katex-mathml') ?? katex.querySelector('.katex-html') ?? katex;
  return (source.textContent ?? '').trim();
}

function isPreformatted(el: Element): boolean {
  if (el.localName === 'pre') return true;
  // Claude has rendered code blocks as <code> with line breaks inside a plain div (not <pre>); inline code has none.
  if (el.localName === 'code' && (el.textContent ?? '').includes('\n')) return true;
  if ([...el.classList].some((c) => PRE_CLASS.test(c))) return true;
  return /white-space:\s*(pre|pre-wrap|break-spaces)\b/.test(el.getAttribute('style') ?? '');
}

/** Verbatim text of a preformatted element, still without chrome. */
function rawText(node: Node, drop: string): string {
  if (isText(node)) return node.data;
  if (!isElement(node) || isSkipped(node, drop)) return '';
  if (node.localName === 'br') return '\n';
  if (node.classList.contains('katex')) return mathText(node);
  return [...node.childNodes].map((child) => rawText(child, drop)).join('');
}

interface Walk {
  w: Writer;
  drop: string;
  lines?: ReadableOptions['lines'];
}

function writeLines(w: Writer, { lines, level, verbatim }: SiteLines): void {
  if (level) w.block(level);
  lines.forEach((line, i) => {
    if (i > 0) w.block(1);
    if (verbatim) w.raw(line);
    else w.text(line);
  });
  if (level) w.block(level);
}

function walkElement(el: Element, ctx: Walk): void {
  const { w, drop } = ctx;
  // Before the skip: a site may read an element the walk skips (Meta's formulas are images with TeX alts, #36).
  const lines = ctx.lines?.(el);
  if (lines && !el.matches(drop)) return writeLines(w, lines);
  if (isSkipped(el, drop)) return;
  if (el.localName === 'td' || el.localName === 'th') return writeCell(el, ctx);
  if (el.classList.contains('katex')) {
    w.text(mathText(el));
  } else if (isPreformatted(el)) {
    // ChatGPT and Claude put a language label and a Copy button inside <pre>; the code itself is in <code>.
    const code = el.localName === 'pre' ? el.querySelector('code') : null;
    const level = blockLevel(el);
    if (level) w.block(level);
    w.raw(rawText(code ?? el, drop));
    if (level) w.block(level);
  } else {
    walkFlow(el, ctx);
  }
}

/**
 * A table cell on its row's line, joined as ` | `, whatever it holds: cells may be preformatted (grok-2026-03-main)
 * or hold paragraphs in divs (qwen-2026-05-panel, meta-ai-2026-05-scroller), which would each start a line (#36).
 */
function writeCell(cell: Element, ctx: Walk): void {
  if (cell.previousElementSibling) ctx.w.text(' | ');
  const inner: Walk = { ...ctx, w: new Writer() };
  if (isPreformatted(cell)) inner.w.raw(rawText(cell, ctx.drop));
  else walkChildren(cell, inner);
  ctx.w.text(inner.w.result().replace(/\s*\n\s*/g, ' '));
}

function walkFlow(el: Element, ctx: Walk): void {
  const { w } = ctx;
  const tag = el.localName;
  if (tag === 'br') return w.lineBreak();
  const level = blockLevel(el);
  if (level) w.block(level);
  walkChildren(el, ctx);
  if (level) w.block(level);
}

/** 2: own paragraph (blank line around), 1: own line, 0: inline. Tag-based: there is no layout to ask. */
function blockLevel(el: Element): 0 | 1 | 2 {
  const tag = el.localName;
  // A paragraph inside a list item is part of the item, not a paragraph of its own (chatgpt-2026-01-29 turn 9).
  if (tag === 'p' && el.parentElement?.localName === 'li') return 1;
  if (BLANK_LINE.has(tag)) return 2;
  return NEW_LINE.has(tag) || el.classList.contains('katex-display') ? 1 : 0;
}

function walkChildren(el: Element, ctx: Walk): void {
  for (const child of el.childNodes) {
    if (isText(child)) ctx.w.text(child.data);
    else if (isElement(child)) walkElement(child, ctx);
  }
}

/** Text of `el` as a person reads it: code kept verbatim, math once, chrome and extension noise dropped. */
export function readableText(el: Element, options: ReadableOptions = {}): string {
  const ctx: Walk = {
    w: new Writer(),
    drop: [...CHROME, ...(options.drop ?? [])].join(', '),
    lines: options.lines,
  };
  if (options.preformatted && !isSkipped(el, ctx.drop)) ctx.w.raw(rawText(el, ctx.drop));
  else walkElement(el, ctx);
  return ctx.w.result();
}

/** First element matching the candidates, tried in order. */
export function queryFirst<E extends Element = Element>(
  root: ParentNode,
  candidates: readonly string[],
): E | null {
  for (const selector of candidates) {
    const found = root.querySelector<E>(selector);
    if (found) return found;
  }
  return null;
}

/** Elements of the first candidate selector that matches anything under `root`. */
export function queryCandidates(root: ParentNode, candidates: readonly string[]): Element[] {
  for (const selector of candidates) {
    const found = root.querySelectorAll(selector);
    if (found.length > 0) return [...found];
  }
  return [];
}

/** Drops elements nested inside another element of the list, so no text is read twice. */
export function outermost(elements: readonly Element[]): Element[] {
  return elements.filter((el) => !elements.some((other) => other !== el && other.contains(el)));
}

/** True when `el` itself matches any of the candidates. */
export function matchesAny(el: Element, candidates: readonly string[]): boolean {
  return candidates.some((selector) => el.matches(selector));
}
