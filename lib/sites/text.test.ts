import { parsePage } from '../../test/fixtures/pages/load';
import { outermost, queryCandidates, queryFirst, readableText, type ReadableOptions } from './text';
import { gridTable, texSource } from './text-lines';

function read(html: string, options?: ReadableOptions): string {
  const body = parsePage(`<!doctype html><html><body>${html}</body></html>`).body;
  return readableText(body, options);
}

const KATEX = `<span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup>
  </mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span><span class="katex-html"
  aria-hidden="true"><span class="base"><span class="mord mathnormal">x</span><span class="msupsub">2</span></span></span></span>`;

describe('readableText', () => {
  it('keeps a code block verbatim without its language label and Copy button', () => {
    const html = `<p>Try:</p><pre><div><div class="select-none">python</div><button>Copy code</button>
      <code class="language-python">def f(x):
    return x

print(f(1))
</code></div></pre><p>Done.</p>`;
    expect(read(html)).toBe('Try:\n\ndef f(x):\n    return x\n\nprint(f(1))\n\nDone.');
  });

  it('keeps a code block that is a bare <code> with line breaks', () => {
    expect(read('<div><code><span>a = 1\n</span><span>b = 2</span></code></div>')).toBe('a = 1\nb = 2');
  });

  it('keeps inline code inline', () => {
    expect(read('<p>Run <code class="whitespace-pre-wrap">ls -la</code> first.</p>')).toBe(
      'Run ls -la first.',
    );
  });

  it('writes KaTeX math once, as its TeX source', () => {
    expect(read(`<p>We get ${KATEX}, always.</p>`)).toBe('We get x^2, always.');
  });

  it('puts display math on its own line', () => {
    expect(read(`<p>So:</p><span class="katex-display">${KATEX}</span><p>QED</p>`)).toBe('So:\n\nx^2\n\nQED');
  });

  it('falls back to the MathML text when KaTeX has no TeX annotation', () => {
    const html = `<span class="katex"><span class="katex-mathml"><math><mi>y</mi></math></span>
      <span class="katex-html" aria-hidden="true">y</span></span>`;
    expect(read(html)).toBe('y');
  });

  it('drops buttons, sr-only labels, hidden elements and toolbars, but keeps aria-hidden text', () => {
    const html = `<h6 class="sr-only">ChatGPT said:</h6><p>Answer<span class="sr-only"> (opens in a new tab)</span></p>
      <button aria-label="Copy">Copy</button><button>Thought for 5s</button><div role="toolbar"><span>9:12 AM</span></div>
      <p hidden>secret</p><p style="display: none">gone</p><p aria-hidden="true">decorative but visible</p>`;
    expect(read(html)).toBe('Answer\n\ndecorative but visible');
  });

  it('ignores what writing-assistant extensions inject', () => {
    const html = `<div data-gramm="false" data-qb-tmp-id="lt-1" data-gramm_editor="false"><p>Kept text</p></div>
      <div data-quillbot-humanize-button="true"><span>Humanize</span></div><qb-highlighter>QB</qb-highlighter>
      <quillbot-extension-portal>Paraphrase</quillbot-extension-portal><grammarly-extension>G</grammarly-extension>
      <div data-grammarly-part="x">Fix</div>`;
    expect(read(html)).toBe('Kept text');
  });

  it('separates paragraphs, headings and list items, collapsing whitespace', () => {
    const html = `<h2>  Title </h2>
      <p>One   <strong>two</strong>
         three</p><ul><li><p>first</p></li><li>second<br>line</li></ul><div><div><div>nested</div></div></div>`;
    expect(read(html)).toBe('Title\n\nOne two three\n\nfirst\nsecond\nline\n\nnested');
  });

  it('keeps a typed prompt as typed in a pre-wrap block', () => {
    expect(read('<div class="whitespace-pre-wrap">line one\n  indented\n\nlast</div>')).toBe(
      'line one\n  indented\n\nlast',
    );
  });

  it('writes table cells on one line per row', () => {
    const html = '<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$20</td></tr></table>';
    expect(read(html)).toBe('Plan | Price\nPro | $20');
  });

  it('drops site chrome passed in', () => {
    const html = '<p>See <a class="pill" href="#">source</a> above.</p>';
    expect(read(html, { drop: ['.pill'] })).toBe('See above.');
  });

  it("reads a formula's TeX from its data-math wrapper, where KaTeX has no MathML (Gemini, #24)", () => {
    const html = (tag: string, cls: string) =>
      `<${tag} class="${cls}" data-math="E = mc^2"><span class="katex"><span class="katex-html" aria-hidden="true">
      <span class="mord">E</span><span class="mrel">=</span><span class="mord">mc2</span></span></span></${tag}>`;
    const tex = { lines: texSource };
    expect(read(`<p>So:</p>${html('div', 'math-block')}<p>QED</p>`, tex)).toBe('So:\n\nE = mc^2\n\nQED');
    expect(read(`<p>Energy ${html('span', 'math-inline')} holds.</p>`, tex)).toBe('Energy E = mc^2 holds.');
  });

  it('reads an ARIA grid of divs as table rows, header sort buttons included (Le Chat, #24)', () => {
    const header = (t: string) =>
      `<div role="columnheader"><button type="button"><span>${t}</span></button></div>`;
    const cell = (t: string) => `<div role="cell"><span>${t}</span></div>`;
    const html = `<p>Data:</p><div role="table">${header('Country')}${header('Wage (USD/<wbr>year)')}${cell('Denmark')}${cell('60,000')}${cell('USA')}${cell('50,000')}</div><p>End.</p>`;
    expect(read(html, { lines: gridTable })).toBe(
      'Data:\n\nCountry | Wage (USD/year)\nDenmark | 60,000\nUSA | 50,000\n\nEnd.',
    );
  });

  it('drops what is hidden from sight (a sticky table header twin)', () => {
    expect(read('<div style="overflow: hidden; visibility: hidden"><p>Twin</p></div><p>Seen</p>')).toBe(
      'Seen',
    );
  });

  it('returns an empty string for chrome only', () => {
    expect(read('<button>Copy</button><span class="sr-only">You said:</span>\n  ')).toBe('');
  });

  it('does not change the page', () => {
    const body = parsePage('<p>a<button>b</button><span class="sr-only">c</span></p>').body;
    const before = body.textContent;
    readableText(body);
    expect(body.textContent).toBe(before);
  });
});

describe('selector helpers', () => {
  const doc = parsePage(
    '<div class="a"><div class="a" id="inner"></div></div><p class="b"></p><p class="b"></p>',
  );

  it('uses the first candidate that matches anything', () => {
    expect(queryCandidates(doc, ['.none', '.b', '.a'])).toHaveLength(2);
    expect(queryCandidates(doc, ['.none'])).toEqual([]);
    expect(queryFirst(doc, ['.none', '#inner'])?.id).toBe('inner');
  });

  it('keeps only outermost elements', () => {
    expect(outermost(queryCandidates(doc, ['.a']))).toHaveLength(1);
  });
});
