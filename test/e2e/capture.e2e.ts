// Capture across site changes (#3): the site's JSON first, the page when it fails, a popup that says when
// capture is broken, private chats, fencing, idempotence and regenerate, for each site in real Chromium.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EngramExport } from '../../lib/model/export';
import { exportUntil } from './export';
import { fixture, launch, openOptions, servePage, skipFirstRun, type Harness } from './harness';
import { captured, openWhereJsonFails, tabIdOf as tabOf, worker } from './records';
import { chatgpt, claude, serveSite, type FakeSite, type FakeTurn } from './sites';

const BLOCK = '<engram-memory>\nNotes about me\n- I live in Lisbon.\n</engram-memory>';
const PAGES = { chatgpt: 'pages/chatgpt-older.html', claude: 'pages/claude-older.html' } as const;
const DOM_FIRST_USER = {
  chatgpt: 'How do I reverse a list in Python\nwithout changing the original?',
  claude: 'Show me the last five commits.\n\nOne line each, please.',
} as const;

const CURRENT_FIRST_USER = {
  chatgpt: 'How do I count the lines in every .ts file?',
  claude: 'How do I sort a dict by value in Python?',
} as const;

let h: Harness;
let options: Page;
let n = 0;

/** A fresh conversation id per test: both sites' id patterns accept it. */
function newId(): string {
  n += 1;
  return `6f0d2c1e-3333-4a2b-9c3d-${String(n).padStart(12, '0')}`;
}

const turns = (prefix: string, user: string): FakeTurn[] => [
  { id: `${prefix}-u1`, role: 'user', text: user },
  { id: `${prefix}-a1`, role: 'assistant', text: `Reply ${prefix}.` },
];

/** The chat with its JSON failing: on Claude, whose JSON alone can vouch for a chat, after it answered once. */
const openFailing = (
  site: FakeSite<'chatgpt' | 'claude'>,
  id: string,
  mode: '404' | 'abort',
  html?: string,
) => openWhereJsonFails(h.context, site, id, mode, html ?? fixture(PAGES[site.site]));

async function open(
  site: FakeSite<'chatgpt' | 'claude'>,
  id: string,
  html = fixture(PAGES[site.site]),
  query = '',
): Promise<Page> {
  await servePage(h.context, site.url(id), html);
  const page = await h.context.newPage();
  await page.goto(site.url(id) + query);
  return page;
}

function stored(data: EngramExport, id: string) {
  return data.conversations.find((c) => c.id === id);
}

async function exportWith(id: string, ready: (c: NonNullable<ReturnType<typeof stored>>) => boolean) {
  const { data } = await exportUntil(options, (d) => {
    const c = stored(d, id);
    return !!c && ready(c);
  });
  return data;
}

async function tabIdOf(url: string): Promise<number> {
  return tabOf(await worker(h.context), url);
}

async function popupSays(url: string): Promise<string> {
  await skipFirstRun(h);
  const popup = await h.context.newPage();
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html?tab=${await tabIdOf(url)}`);
  const status = popup.getByRole('status');
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).not.toMatch(/^Open a/);
  const text = (await status.textContent()) ?? '';
  await popup.close();
  return text;
}

beforeAll(async () => {
  h = await launch();
  await serveSite(h.context, chatgpt);
  await serveSite(h.context, claude);
  options = await openOptions(h);
});
afterAll(async () => h?.close());

describe.each([chatgpt, claude])('$site capture', (site) => {
  test('with the JSON endpoints answering, turns come from the API, fenced, and re-opening changes nothing', async () => {
    const id = newId();
    site.conversations.set(id, { mode: 'ok', turns: turns('api', `${BLOCK}\nPlan a week in Porto.`) });
    const page = await open(site, id);
    const data = await exportWith(id, (c) => c.turns.length === 2);
    const conv = stored(data, id)!;
    console.log(`${site.site}: api capture → ${conv.turns.length} turns, strategy ${conv.health?.strategy}`);
    expect(conv.health?.strategy).toBe('api');
    expect(conv.turns.map((t) => [t.id, t.text])).toEqual([
      ['api-u1', 'Plan a week in Porto.'],
      ['api-a1', 'Reply api.'],
    ]);
    expect(await popupSays(site.url(id))).toBe('Capturing this chat · 2 turns');
    const reloaded = Date.now();
    await page.reload();
    // The reloaded page read the chat again: the background stores the status of a read after its capture.
    await captured(await worker(h.context), await tabIdOf(site.url(id)), { since: reloaded });
    const again = stored(await exportWith(id, () => true), id)!;
    expect(again.turns).toEqual(conv.turns);
    expect(again.updatedAt).toBe(conv.updatedAt);
    await page.close();
  });

  test.each(['404', 'abort'] as const)(
    'with the endpoints failing (%s), turns come from the DOM',
    async (mode) => {
      const id = newId();
      const page = await openFailing(site, id, mode);
      const conv = stored(await exportWith(id, (c) => c.turns.length === 4), id)!;
      console.log(
        `${site.site}: ${mode} → page capture of ${conv.turns.length} turns; note: ${conv.health?.lastError}`,
      );
      expect(conv.health?.strategy).toBe('page');
      expect(conv.health?.lastError).toBeTruthy();
      expect(conv.turns[0]?.text).toBe(DOM_FIRST_USER[site.site]);
      // The tab said "0 turns" after the JSON read that confirmed the chat: wait for the page read's word (#34).
      await expect.poll(() => popupSays(site.url(id))).toBe('Capturing this chat · 4 turns');
      await page.close();
    },
  );

  test('with the endpoints failing on the current layout, turns come from its DOM too', async () => {
    const id = newId();
    const page = await openFailing(site, id, '404', fixture(`pages/${site.site}-current.html`));
    const conv = stored(await exportWith(id, (c) => c.turns.length === 4), id)!;
    expect(conv.health?.strategy).toBe('page');
    expect(conv.turns[0]?.text).toBe(CURRENT_FIRST_USER[site.site]);
    await page.close();
  });

  test('with unknown markup and no JSON, the popup says capture is broken and options list it', async () => {
    const id = newId();
    const html =
      '<!doctype html><html><body><main><div class="next-gen-thread"><p>Hello there</p></div></main></body></html>';
    const page = await openFailing(site, id, '404', html);
    await expect
      .poll(() => popupSays(site.url(id)))
      .toBe("Capture isn't working on this page — the site may have changed");
    await options.goto(`chrome-extension://${h.extensionId}/options.html#activity`);
    await expect.poll(() => options.getByText(site.url(id)).count()).toBeGreaterThan(0);
    await page.close();
  });

  test('a temporary / incognito conversation stores nothing', async () => {
    const flagged = newId();
    site.conversations.set(flagged, { mode: 'ok', turns: turns('tmp', 'Forget this.'), private: true });
    const pages = [await open(site, flagged)];
    expect(await popupSays(site.url(flagged))).toBe('Not capturing: this is a temporary or incognito chat.');
    if (site.site === 'chatgpt') {
      const byUrl = newId();
      site.conversations.set(byUrl, { mode: 'ok', turns: turns('tmp2', 'Forget this too.') });
      pages.push(await open(site, byUrl, undefined, '?temporary-chat=true'));
      // A reply finishing in the temporary chat must not store it either.
      await pages[1]!.evaluate(
        (id) =>
          fetch('/backend-api/f/conversation', {
            method: 'POST',
            body: JSON.stringify({ conversation_id: id }),
          }).then((r) => r.text()),
        byUrl,
      );
    }
    // A later, ordinary conversation is stored: by then the private ones would have been too.
    const later = newId();
    site.conversations.set(later, { mode: 'ok', turns: turns('ok', 'Keep this.') });
    pages.push(await open(site, later));
    const data = await exportWith(later, (c) => c.turns.length === 2);
    expect(data.conversations.some((c) => c.turns.some((t) => t.text.includes('Forget this')))).toBe(false);
    await Promise.all(pages.map((p) => p.close()));
  });

  test('a page holding an inserted Engram block stores the words without it (DOM path)', async () => {
    const id = newId();
    const first = DOM_FIRST_USER[site.site].split('\n')[0]!;
    const escaped = BLOCK.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const html = fixture(PAGES[site.site]).replace(first, `${escaped}\n${first}`);
    expect(html).toContain('&lt;engram-memory&gt;');
    const page = await openFailing(site, id, '404', html);
    const conv = stored(await exportWith(id, (c) => c.turns.length === 4), id)!;
    expect(conv.turns[0]?.text).toBe(DOM_FIRST_USER[site.site]);
    expect(JSON.stringify(conv)).not.toContain('engram-memory');
    await page.close();
  });

  test('after a regenerate, the stored branch follows the visible one (reply seen by the fetch tap)', async () => {
    const id = newId();
    const first = turns('rg', 'Name a fish.');
    site.conversations.set(id, { mode: 'ok', turns: first });
    const page = await open(site, id);
    await exportWith(id, (c) => c.turns.length === 2);
    const regenerated: FakeTurn = { id: 'rg-a2', role: 'assistant', text: 'A salmon.', parent: 'rg-u1' };
    site.conversations.set(id, { mode: 'ok', turns: [...first, regenerated] });
    await page.evaluate(
      ([path, convId]) =>
        fetch(path!, { method: 'POST', body: JSON.stringify({ conversation_id: convId }) }).then((r) =>
          r.text(),
        ),
      [site.replyPath(id), id],
    );
    const conv = stored(await exportWith(id, (c) => c.turns.length === 3), id)!;
    expect(conv.turns.map((t) => [t.id, t.superseded])).toEqual([
      ['rg-u1', false],
      ['rg-a1', true],
      ['rg-a2', false],
    ]);
    await page.close();
  });

  test('"Import saved memories" in the popup reads the site\'s saved memories through the tab', async () => {
    const id = newId();
    site.conversations.set(id, { mode: 'ok', turns: turns('mem', 'Hello.') });
    const page = await open(site, id);
    await skipFirstRun(h);
    const popup = await h.context.newPage();
    await popup.goto(`chrome-extension://${h.extensionId}/popup.html?tab=${await tabIdOf(site.url(id))}`);
    const label = site.site === 'chatgpt' ? 'ChatGPT' : 'Claude';
    await popup.getByRole('button', { name: `Import saved memories from ${label}` }).click();
    await expect
      .poll(() => popup.getByText(/^Imported/).textContent())
      .toBe(`Imported 1 saved memory from ${label}.`);
    const { data } = await exportUntil(options, (d) =>
      d.memories.some((m) => m.sources[0]?.site === site.site),
    );
    const text = site.site === 'chatgpt' ? 'Keeps bees.' : 'Grows tomatoes.';
    expect(data.memories.find((m) => m.sources[0]?.site === site.site)?.text).toBe(text);
    await Promise.all([popup.close(), page.close()]);
  });
});

test('Claude with its JSON failing on a chat it never confirmed: nothing is read from the page, and both the popup and Activity say why (#34)', async () => {
  const id = newId();
  claude.conversations.set(id, { mode: '404', turns: [] });
  const page = await open(claude, id);
  expect(await popupSays(claude.url(id))).toBe(
    "Not capturing: only Claude's own data can say this chat is not private and yours, and it has not.",
  );
  await options.goto(`chrome-extension://${h.extensionId}/options.html#activity`);
  await expect.poll(() => options.getByText(claude.url(id)).count()).toBeGreaterThan(0);
  // A later chat whose JSON answers is stored: by then the page would have been too.
  const later = newId();
  claude.conversations.set(later, { mode: 'ok', turns: turns('ok', 'Keep this.') });
  const next = await open(claude, later);
  const data = await exportWith(later, (c) => c.turns.length === 2);
  expect(stored(data, id)).toBeUndefined();
  await Promise.all([page.close(), next.close()]);
});
