// Capture on Gemini, Perplexity, DeepSeek and Le Chat in real Chromium (#24), as capture.e2e.ts does for ChatGPT
// and Claude: the site's JSON where Engram reads it and the hand-made page where it fails (or, on Gemini, always),
// the popup's word on it, the reply each site's MAIN-world tap hears (fetch or XMLHttpRequest), the site's
// do-not-remember modes, and the scopes its URL or JSON names. Pages come from test/fixtures/pages: no ../shared.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportUntil } from './export';
import { launch, openOptions, type Harness } from './harness';
import {
  deepseek,
  FIRST_USER,
  gemini,
  lechat,
  PAGES,
  perplexity,
  sitePage,
  type NewSite,
} from './more-sites';
import { openWhereJsonFails } from './records';
import { siteCapture } from './site-capture';
import { serveSite, type FakeSite, type FakeTurn } from './sites';

let h: Harness;
let options: Page;
let n = 0;

/** A fresh conversation id per test, in the shape each site's URL takes. */
function newId(site: NewSite): string {
  n += 1;
  if (site === 'gemini') return `6cc71b18a6f6${n.toString(16).padStart(4, '0')}`;
  if (site === 'perplexity') return `porto-trip-${n}AbCdEfGhIj`;
  return `6f0d2c1e-5555-4a2b-9c3d-${String(n).padStart(12, '0')}`;
}

const turns = (prefix: string, user: string): FakeTurn[] => [
  { id: `${prefix}-u1`, role: 'user', text: user },
  { id: `${prefix}-a1`, role: 'assistant', text: `Reply ${prefix}.` },
];

const helpers = siteCapture(
  () => h,
  () => options,
);
const { storedWhen, popupSays, read } = helpers;
const open = (site: FakeSite<NewSite>, url: string, html = sitePage(site.site)) => helpers.open(url, html);

beforeAll(async () => {
  h = await launch();
  for (const site of [gemini, perplexity, deepseek, lechat]) await serveSite(h.context, site);
  options = await openOptions(h);
}, 60_000);
afterAll(async () => h?.close());

describe.each([perplexity, deepseek, lechat])(
  '$site: the site JSON first, the page when it fails',
  (site) => {
    test('with the JSON answering, turns come from it; a reply the tap hears brings the next ones', async () => {
      const id = newId(site.site);
      const first = turns('api', 'Plan a week in Porto.');
      site.conversations.set(id, { mode: 'ok', turns: first });
      const page = await open(site, site.url(id));
      const conv = await storedWhen(id, (c) => c.turns.length === 2);
      console.log(
        `${site.site}: api capture → ${conv.turns.length} turns, strategy ${conv.health?.strategy}`,
      );
      expect(conv.health?.strategy).toBe('api');
      expect(conv.turns.map((t) => t.text)).toEqual(['Plan a week in Porto.', 'Reply api.']);
      expect(await popupSays(site.url(id))).toBe('Capturing this chat · 2 turns');
      // The site's own reply request ends (over fetch, or XHR on DeepSeek): the JSON is read again.
      site.conversations.set(id, { mode: 'ok', turns: [...first, ...turns('next', 'And in Lisbon?')] });
      // The fake site names the chat in its stream from the request body (as Perplexity names its thread).
      const sent = JSON.stringify({ conversation_id: id });
      await page.evaluate(
        ([path, body, xhr]) =>
          new Promise<void>((done) => {
            if (!xhr)
              return void fetch(path!, { method: 'POST', body }).then((r) => r.text().then(() => done()));
            const request = new XMLHttpRequest();
            request.open('POST', path!);
            request.addEventListener('loadend', () => done());
            request.send(body);
          }),
        [site.replyPath(id), sent, site.site === 'deepseek'] as const,
      );
      const after = await storedWhen(id, (c) => c.turns.length === 4);
      expect(after.turns.map((t) => t.text).slice(2)).toEqual(['And in Lisbon?', 'Reply next.']);
      await page.close();
    });

    test('with the JSON failing, the hand-made page is read, and the popup says so', async () => {
      const id = newId(site.site);
      // Perplexity and Le Chat: only after their JSON confirmed the chat once (#34).
      const page = await openWhereJsonFails(h.context, site, id, '404', sitePage(site.site));
      const want = PAGES[site.site].turns;
      const conv = await storedWhen(id, (c) => c.turns.length === want);
      console.log(
        `${site.site}: 404 → page capture of ${conv.turns.length} turns; note: ${conv.health?.lastError}`,
      );
      expect(conv.health?.strategy).toBe('page');
      expect(conv.health?.lastError).toMatch(/404/);
      expect(conv.turns[0]?.text).toBe(FIRST_USER[site.site]);
      expect(conv.url).toBe(site.url(id));
      // The tab said "0 turns" after the JSON read that confirmed the chat: wait for the page read's word (#34).
      await expect.poll(() => popupSays(site.url(id))).toBe(`Capturing this chat · ${want} turns`);
      await page.close();
    });
  },
);

test('gemini: the page is read (its JSON never is), each exchange as a prompt and an answer', async () => {
  const id = newId('gemini');
  const page = await open(gemini, gemini.url(id));
  const conv = await storedWhen(id, (c) => c.turns.length === PAGES.gemini.turns);
  expect(conv.health?.strategy).toBe('page');
  expect(conv.health?.lastError).toMatch(/Gemini's conversation data is not read/);
  expect(conv.turns.map((t) => t.role)).toEqual([
    'user',
    'assistant',
    'user',
    'assistant',
    'user',
    'assistant',
    'user',
    'assistant',
  ]);
  expect(conv.turns[0]?.text).toBe(FIRST_USER.gemini);
  expect(JSON.stringify(conv.turns)).not.toMatch(/You said|Show thinking|Garden helper|Export to Sheets/);
  expect(await popupSays(gemini.url(id))).toBe('Capturing this chat · 8 turns');
  await page.close();
});

test('gemini: an answer streamed into the page is stored whole once its live region is no longer busy', async () => {
  const id = newId('gemini');
  const page = await open(gemini, gemini.url(id));
  await storedWhen(id, (c) => c.turns.length === PAGES.gemini.turns);
  // As Gemini streams (#24 bench:capture): a new exchange whose answer is busy while tokens land frame by frame.
  const streamed = await page.evaluate(async () => {
    const el = (tag: string, className = '', ...children: Node[]) => {
      const node = document.createElement(tag);
      node.className = className;
      node.append(...children);
      return node;
    };
    const query = el('p', 'query-text-line', document.createTextNode('And in winter?'));
    const live = el('div', 'markdown markdown-main-panel', el('p'));
    live.setAttribute('aria-busy', 'true');
    const box = el(
      'div',
      'conversation-container',
      el('user-query', '', el('div', 'query-text', query)),
      el('model-response', '', el('message-content', '', live)),
    );
    document.querySelector('infinite-scroller')!.append(box);
    const words: string[] = [];
    for (let t = 0; t < 120; t++) {
      await new Promise((r) => requestAnimationFrame(r));
      words.push(`tok${t}`);
      live.querySelector('p')!.append(` tok${t}`);
    }
    live.setAttribute('aria-busy', 'false');
    return words.join(' ');
  });
  const conv = await storedWhen(id, (c) => c.turns.length === PAGES.gemini.turns + 2);
  expect(conv.turns.at(-2)?.text).toBe('And in winter?');
  expect(conv.turns.at(-1)?.text).toBe(streamed);
  await page.close();
});

describe('do-not-remember modes store nothing', () => {
  test('a Gemini temporary chat (the page marks it), Perplexity and Le Chat incognito (their JSON says so)', async () => {
    const temp = newId('gemini');
    const marked = sitePage('gemini', (html) =>
      html.replace(
        '<chat-window>',
        '<temp-chat-button><button class="temp-chat-on">Temporary chat</button></temp-chat-button><chat-window>',
      ),
    );
    const pages = [await open(gemini, gemini.url(temp), marked)];
    const flagged = [perplexity, lechat].map((site) => {
      const id = newId(site.site);
      site.conversations.set(id, { mode: 'ok', turns: turns('tmp', 'Forget this.'), private: true });
      return { site, id };
    });
    for (const { site, id } of flagged) pages.push(await open(site, site.url(id)));
    for (const url of [gemini.url(temp), ...flagged.map(({ site, id }) => site.url(id))])
      expect(await popupSays(url)).toBe('Not capturing: this is a temporary or incognito chat.');
    // Later, ordinary chats are stored: by then the private ones would have been too.
    const later = newId('lechat');
    lechat.conversations.set(later, { mode: 'ok', turns: turns('ok', 'Keep this.') });
    pages.push(await open(lechat, lechat.url(later)));
    const { data } = await exportUntil(options, (d) => d.conversations.some((c) => c.id === later));
    expect(data.conversations.map((c) => c.id)).not.toContain(temp);
    for (const { id } of flagged) expect(data.conversations.map((c) => c.id)).not.toContain(id);
    expect(JSON.stringify(data)).not.toMatch(/Forget this/);
    await Promise.all(pages.map((p) => p.close()));
  });

  test('a Perplexity query sent incognito: its thread is never read, though its JSON and page would be', async () => {
    const slug = newId('perplexity');
    // The thread's JSON does not say so (is_incognito missing), and the page shows turns: only the request knew.
    perplexity.conversations.set(slug, { mode: 'ok', turns: turns('inc', 'Forget this query.') });
    const home = await open(perplexity, 'https://www.perplexity.ai/');
    const body = JSON.stringify({ conversation_id: slug, params: { is_incognito: true } });
    await home.evaluate(([path, b]) => fetch(path!, { method: 'POST', body: b }).then((r) => r.text()), [
      perplexity.replyPath(slug),
      body,
    ] as const);
    await read('https://www.perplexity.ai/', (s) => s.state === 'private');
    await home.evaluate((path) => history.pushState({}, '', path), `/search/${slug}`);
    expect(await popupSays(perplexity.url(slug))).toBe(
      'Not capturing: this is a temporary or incognito chat.',
    );
    const later = newId('perplexity');
    perplexity.conversations.set(later, { mode: 'ok', turns: turns('ok2', 'Keep this one.') });
    const next = await open(perplexity, perplexity.url(later));
    const { data } = await exportUntil(options, (d) => d.conversations.some((c) => c.id === later));
    expect(data.conversations.map((c) => c.id)).not.toContain(slug);
    await Promise.all([home.close(), next.close()]);
  });
});

describe('scopes each site names', () => {
  test('a Gemini Gem from its URL; a Perplexity Space and a Le Chat project from their JSON', async () => {
    const chat = newId('gemini');
    const gemUrl = `https://gemini.google.com/gem/4221cfdd4fe7/${chat}`;
    const space = newId('perplexity');
    perplexity.conversations.set(space, {
      ...{ mode: 'ok', turns: turns('sp', 'Budget for Porto?') },
      project: { id: '14QGVXOgTrmD7SY16xlKRA', name: 'Porto trip' },
    });
    const project = newId('lechat');
    lechat.conversations.set(project, {
      ...{ mode: 'ok', turns: turns('pr', 'Starter feeding?') },
      project: { id: '0a1b2c3d-7777-4000-8000-000000000001', name: 'Bakery' },
    });
    const pages = [
      await open(gemini, gemUrl),
      await open(perplexity, perplexity.url(space)),
      await open(lechat, lechat.url(project)),
    ];
    const scopes = {
      [chat]: 'project:gemini:4221cfdd4fe7',
      [space]: 'project:perplexity:14QGVXOgTrmD7SY16xlKRA',
      [project]: 'project:lechat:0a1b2c3d-7777-4000-8000-000000000001',
    };
    const { data } = await exportUntil(options, (d) =>
      Object.keys(scopes).every((id) => d.conversations.some((c) => c.id === id && c.turns.length > 0)),
    );
    for (const [id, scope] of Object.entries(scopes))
      expect(data.conversations.find((c) => c.id === id)?.scope).toBe(scope);
    expect(data.conversations.find((c) => c.id === chat)?.url).toBe(gemUrl);
    await Promise.all(pages.map((p) => p.close()));
  });
});
