// Qwen's code blocks (qwen-2026-05-panel): a <pre> holding a header (the language, Copy and Download buttons) and
// a Monaco editor that draws one `.view-line` per line of code, spaces as no-break spaces, line numbers in a margin
// beside them. Read through text.ts's lines hook as the language label, then the code's lines with indentation;
// as a <pre> alone it read "elixir# Elixir Hello WorldIO.puts(…)" on one line (#36). Monaco mounts only the lines
// in view, so a long block is cut where the page cut it.
import type { SiteLines } from '../text';

export function codeLines(el: Element): SiteLines | null {
  if (el.localName !== 'pre') return null;
  const editor = el.querySelector('.monaco-editor');
  if (!editor) return null;
  const label = el.querySelector('.qwen-markdown-code-header')?.firstElementChild?.textContent?.trim();
  const lines = [...editor.querySelectorAll('.view-line')].map((line) =>
    (line.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd(),
  );
  return { lines: label ? [label, ...lines] : lines, level: 2, verbatim: true };
}
