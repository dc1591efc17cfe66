// Capture on Grok, Copilot, AI Studio, Qwen Chat, Kimi and Meta AI in real Chromium (#36), as sites-capture.e2e.ts
// does for the sites of #24: the site's JSON first where Engram reads it (Grok, Copilot, Qwen Chat) and the hand-made
// page when it fails, or the page alone (AI Studio, Kimi, Meta AI); the next reply, heard by the tap or, on Copilot,
// in the page; the popup's word, including the message on each page its reader cannot attribute; Grok's private
// chats and projects; and share pages and read-only threads, which are never the person's chat.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportUntil } from './export';
import { launch, openOptions, servePage, type Harness } from './harness';
import { FIRST_USER, PAGES, sitePage } from './more-sites';
import { aistudio, copilot, grok, kimi, meta, qwen } from './round-two';
import { openWhereJsonFails } from './records';
import { siteCapture } from './site-capture';
import { serveSite, type FakeSite, type FakeTurn } from './sites';

let h: Harness;
let options: Page;
const { open, storedWhen, popupSays, read } = siteCapture(
  () => h,
  () => options,
);
let n = 0;

type JsonSite = typeof grok | typeof copilot | typeof qwen;

/** A fresh conversation id per test, in the shape each site's URL takes. */
function newId(site: 'grok' | 'copilot' | 'qwen' | 'aistudio' | 'kimi' | 'meta'): string {
  n += 1;
  if (site === 'copilot') return `RoundTwoChat${n}`;
  if (site === 'aistudio') return `1RoundTwoPromptAbCdEfGh${String(n).padStart(6, '0')}`;
  return `6f0d2c1e-7777-4a2b-9c3d-${String(n).padStart(12, '0')}`;
}

const turns = (prefix: string, user: string): FakeTurn[] => [
  { id: `${prefix}-u1`, role: 'user', text: user },
  { id: `${prefix}-a1`, role: 'assistant', text: `Reply ${prefix}.` },
];

/** The site's own reply request, as its page sends it (the tap wraps the page's fetch). */
async function reply(page: Page, site: JsonSite, id: string, body: object): Promise<void> {
  await page.evaluate(([path, b]) => fetch(path!, { method: 'POST', body: b }).then((r) => r.text()), [
    site.replyPath(id),
    JSON.stringify(body),
  ] as const);
}

/** Copilot's reply ends in the page: an answer streams without its reactions bar, then gets one. */
async function copilotReply(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const answer = document.createElement('div');
    answer.setAttribute('role', 'article');
    answer.setAttribute('data-content', 'ai-message');
    const part = document.createElement('div');
    part.id = 'New-content-0';
    part.textContent = 'Streaming…';
    answer.append(part);
    document.querySelector('[data-testid="highlighted-chats"]')!.append(answer);
    // The content script's look at a change runs in the next frame's callbacks, after this one's (registered
    // first): three frames on, it has seen the answer streaming, however slow the machine.
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    const bar = document.createElement('div');
    bar.setAttribute('data-testid', 'message-item-reactions');
    answer.append(bar);
  });
}

beforeAll(async () => {
  h = await launch();
  for (const site of [grok, copilot, qwen, aistudio, kimi, meta] as FakeSite[])
    await serveSite(h.context, site);
  options = await openOptions(h);
}, 60_000);
afterAll(async () => h?.close());

describe.each([grok, copilot, qwen] as JsonSite[])(
  '$site: the site JSON first, the page when it fails',
  (site) => {
    test('with the JSON answering, turns come from it, and the next reply brings the next ones', async () => {
      const id = newId(site.site);
      const first = turns(`${site.site}-api`, 'Plan a week in Porto.');
      site.conversations.set(id, { mode: 'ok', turns: first });
      const page = await open(site.url(id), sitePage(site.site));
      const conv = await storedWhen(id, (c) => c.turns.length === 2);
      expect(conv.health?.strategy).toBe('api');
      expect(conv.turns.map((t) => t.text)).toEqual(['Plan a week in Porto.', `Reply ${site.site}-api.`]);
      expect(await popupSays(site.url(id))).toBe('Capturing this chat · 2 turns');
      site.conversations.set(id, {
        mode: 'ok',
        turns: [...first, ...turns(`${site.site}-next`, 'And in Lisbon?')],
      });
      if (site.site === 'copilot') await copilotReply(page);
      else await reply(page, site, id, { conversation_id: id, message: 'And in Lisbon?' });
      const after = await storedWhen(id, (c) => c.turns.length === 4);
      console.log(
        `${site.site}: the next reply read ${after.turns.length} turns from ${after.health?.strategy}`,
      );
      expect(after.turns.map((t) => t.text).slice(2)).toEqual(['And in Lisbon?', `Reply ${site.site}-next.`]);
      await page.close();
    });

    test('with the JSON failing, the page is read, and the popup says which message it could not read', async () => {
      const id = newId(site.site);
      // Grok: only after its JSON confirmed the chat once (#34: a private chat shows in its JSON only).
      const page = await openWhereJsonFails(h.context, site, id, '404', sitePage(site.site));
      const want = PAGES[site.site].turns;
      const conv = await storedWhen(id, (c) => c.turns.length === want);
      expect(conv.health?.strategy).toBe('page');
      expect(conv.health?.lastError).toMatch(/404/);
      expect(conv.turns[0]?.text).toBe(FIRST_USER[site.site]);
      const want1 = new RegExp(
        `^Capturing this chat · ${want} turns \\| 1 message on this page could not be read`,
      );
      // The tab said "0 turns" after the JSON read that confirmed a Grok chat: wait for the page read's word (#34).
      await expect.poll(() => popupSays(site.url(id), true)).toMatch(want1);
      console.log(`${site.site}: 404 → ${await popupSays(site.url(id), true)}`);
      await page.close();
    });
  },
);

describe.each([aistudio, kimi, meta])('$site: read from the page', (site) => {
  test('every message it can attribute is stored; the one it cannot is said in the popup and Activity', async () => {
    const id = newId(site.site);
    const page = await open(site.url(id), sitePage(site.site));
    const want = PAGES[site.site].turns;
    const conv = await storedWhen(id, (c) => c.turns.length === want);
    expect(conv.health?.strategy).toBe('page');
    expect(conv.turns[0]?.text).toBe(FIRST_USER[site.site]);
    expect(conv.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(await popupSays(site.url(id), true)).toMatch(/could not be read and was left out/);
    await options.goto(options.url().replace(/#.*$/, '#activity'));
    await expect
      .poll(() => options.getByRole('list', { name: 'Capture problems' }).textContent())
      .toContain(site.url(id));
    await page.close();
  });
});

describe('threads that are not the person’s are never captured', () => {
  test('a Kimi share page, at its share address or any other, and a Meta AI thread without a prompt box', async () => {
    const share = sitePage('kimi', (html) =>
      html
        .replace('class="chat-page"', 'class="share-page"')
        .replace('class="chat-content-list"', 'class="share-content-list"'),
    );
    const readOnly = sitePage('meta', (html) => html.replace(/<form class="composer">[\s\S]*?<\/form>/, ''));
    const urls = [
      'https://www.kimi.com/share/19f799dc-a1d2-8d20-8000-000057fbdfb4',
      kimi.url(newId('kimi')),
      meta.url(newId('meta')),
    ];
    const pages = [await open(urls[0]!, share), await open(urls[1]!, share), await open(urls[2]!, readOnly)];
    for (const url of urls)
      expect(await popupSays(url)).toBe(
        "Not capturing: this is someone else's shared thread, not your chat.",
      );
    // An ordinary chat is stored after them: by then the shared ones would have been.
    const later = newId('kimi');
    pages.push(await open(kimi.url(later), sitePage('kimi')));
    const { data } = await exportUntil(options, (d) => d.conversations.some((c) => c.id === later));
    expect(JSON.stringify(data.conversations)).not.toMatch(/19f799dc|sudo slash/);
    expect(data.conversations.map((c) => c.url)).not.toContain(urls[1]);
    expect(data.conversations.map((c) => c.url)).not.toContain(urls[2]);
    await Promise.all(pages.map((p) => p.close()));
  });
});

describe('Grok’s private chats and projects', () => {
  test('a chat its JSON calls temporary, and one asked for privately from the home page, store nothing', async () => {
    const flagged = newId('grok');
    grok.conversations.set(flagged, { mode: 'ok', turns: turns('tmp', 'Forget this.'), private: true });
    const asked = newId('grok');
    // Its JSON does not say so: only the new-chat request did.
    grok.conversations.set(asked, { mode: 'ok', turns: turns('ask', 'Forget this too.') });
    const pages = [await open(grok.url(flagged), sitePage('grok'))];
    const home = await open('https://grok.com/', sitePage('grok'));
    pages.push(home);
    await home.evaluate(
      (b) => fetch('/rest/app-chat/conversations/new', { method: 'POST', body: b }).then((r) => r.text()),
      JSON.stringify({ message: 'Forget this too.', temporary: true, conversation_id: asked }),
    );
    await read('https://grok.com/', (s) => s.state === 'private');
    await home.evaluate((path) => history.pushState({}, '', path), `/c/${asked}`);
    for (const url of [grok.url(flagged), grok.url(asked)])
      expect(await popupSays(url)).toBe('Not capturing: this is a temporary or incognito chat.');
    const later = newId('grok');
    grok.conversations.set(later, {
      mode: 'ok',
      turns: turns('ok', 'Keep this.'),
      project: { id: 'ws-garden-1', name: 'Garden' },
    });
    pages.push(await open(grok.url(later), sitePage('grok')));
    const stored = await storedWhen(later, (c) => c.turns.length === 2);
    expect(stored.scope).toBe('project:grok:ws-garden-1');
    const { data } = await exportUntil(options, (d) => d.conversations.some((c) => c.id === later));
    expect(data.conversations.map((c) => c.id)).not.toContain(flagged);
    expect(data.conversations.map((c) => c.id)).not.toContain(asked);
    expect(JSON.stringify(data)).not.toMatch(/Forget this/);
    await Promise.all(pages.map((p) => p.close()));
  });

  test('a chat the home page asks for privately as it loads, before Engram reads the page, stores nothing', async () => {
    const asked = newId('grok');
    grok.conversations.set(asked, { mode: 'ok', turns: turns('early', 'Forget this early one.') });
    const body = JSON.stringify({
      message: 'Forget this early one.',
      temporary: true,
      conversation_id: asked,
    });
    // The page's own script, as it is parsed, asks for a temporary chat and notes when the tap (document_start)
    // has posted that its reply is over; a script the parser waits for is held until then, so the content script
    // (document_idle, after the parse) starts only once every hint of that request was posted.
    const early = `<script>
      addEventListener('message', (e) => { if (e.data?.private && !e.data.stage) window.tapDone = true; });
      fetch('/rest/app-chat/conversations/new', { method: 'POST', body: ${JSON.stringify(body)} }).then((r) => r.text());
    </script><script src="/held-until-the-tap-posted.js"></script>`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await h.context.route('https://grok.com/held-until-the-tap-posted.js', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await servePage(h.context, 'https://grok.com/', sitePage('grok').replace('</head>', `${early}</head>`));
    const home = await h.context.newPage();
    const loaded = home.goto('https://grok.com/?from=early');
    await expect
      .poll(() => home.evaluate(() => (window as { tapDone?: boolean }).tapDone === true))
      .toBe(true);
    release();
    await loaded;
    await read('https://grok.com/?from=early', (s) => s.state === 'private');
    await home.evaluate((path) => history.pushState({}, '', path), `/c/${asked}`);
    expect(await popupSays(grok.url(asked))).toBe('Not capturing: this is a temporary or incognito chat.');
    const later = newId('grok');
    grok.conversations.set(later, { mode: 'ok', turns: turns('later', 'Keep this one.') });
    const page = await open(grok.url(later), sitePage('grok'));
    await storedWhen(later, (c) => c.turns.length === 2);
    const { data } = await exportUntil(options, (d) => d.conversations.some((c) => c.id === later));
    expect(data.conversations.map((c) => c.id)).not.toContain(asked);
    expect(JSON.stringify(data)).not.toMatch(/Forget this early/);
    await Promise.all([home.close(), page.close()]);
  });
});
