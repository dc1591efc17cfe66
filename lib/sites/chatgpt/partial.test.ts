// A thread only partly mounted must be read as partial, so its capture never marks unseen turns superseded (#14).
import { hasSharedPages, loadPage, loadSharedPage, parsePage } from '../../../test/fixtures/pages/load';
import { isWindowed, parseTurns } from './parse';

const article = (n: number, inner: string) =>
  `<article data-testid="conversation-turn-${n}" data-turn="${n % 2 ? 'user' : 'assistant'}">${inner}</article>`;
const prompt = (n: number) =>
  article(
    n,
    `<div data-message-author-role="user" data-message-id="u${n}"><div class="whitespace-pre-wrap">Prompt ${n}</div></div>`,
  );
const answer = (n: number) =>
  article(
    n,
    `<div data-message-author-role="assistant" data-message-id="a${n}"><div class="markdown"><p>Answer ${n}</p></div></div>`,
  );
const rail = (count: number) =>
  `<div class="no-scrollbar">${Array.from({ length: count }, (_, i) => `<button aria-label="Prompt ${i + 1}" data-toc-active="false"></button>`).join('')}</div>`;
const page = (...parts: string[]) => parsePage(`<main><div id="thread">${parts.join('')}</div></main>`);

describe('ChatGPT partly mounted threads (chatgpt-partial.html)', () => {
  it('reads the mounted turns in order and calls the page partial', () => {
    const doc = loadPage('chatgpt-partial.html');
    expect(parseTurns(doc).map((t) => [t.siteMessageId, t.role])).toEqual([
      ['p-u3', 'user'],
      ['p-a3', 'assistant'],
      ['p-u4', 'user'],
      ['p-a4', 'assistant'],
    ]);
    expect(isWindowed(doc)).toBe(true);
  });

  it('an empty turn container alone makes a page partial', () => {
    expect(isWindowed(page(article(1, '<div style="height: 400px"></div>'), answer(2)))).toBe(true);
    expect(isWindowed(page(prompt(1), answer(2)))).toBe(false);
  });

  it('a prompt rail longer than the mounted prompts alone makes a page partial', () => {
    expect(isWindowed(page(prompt(3), answer(4), rail(2)))).toBe(true);
    expect(isWindowed(page(prompt(1), answer(2), prompt(3), answer(4), rail(2)))).toBe(false);
  });

  it('a turn with an image and no text is mounted, not a placeholder', () => {
    const image = article(
      2,
      '<div data-message-author-role="assistant"><img alt="A generated cat" src="data:,"></div>',
    );
    expect(isWindowed(page(prompt(1), image))).toBe(false);
  });

  it('fully mounted pages are whole: the older hand-made page, and the real capture when present', () => {
    expect(isWindowed(loadPage('chatgpt-older.html'))).toBe(false);
    if (hasSharedPages()) expect(isWindowed(loadSharedPage('chatgpt-2026-01-29.html'))).toBe(false);
  });

  it('the current layout always mounts a window (2026-09)', () => {
    expect(isWindowed(loadPage('chatgpt-current.html'))).toBe(true);
  });
});
