// The per-site switch and withheld access on #36's six sites (Grok, Copilot, AI Studio, Qwen Chat, Kimi, Meta AI),
// as site-switch.e2e.ts and site-access.e2e.ts show them on the sites of #24. Both are site-agnostic code
// (lib/page/start.ts, the background's site state), so what each site adds is its own name, host and row: this
// file holds those to the person's word. One browser in "on click" site access with Copilot and Meta AI withheld
// (the browser's access is apart from the person's switch); the other four are allowed and switched off and on.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MATCH_PATTERNS, siteInfo } from '../../lib/sites/registry';
import { launch, openOptions, skipFirstRun, type Harness } from './harness';
import { PAGES, sitePage } from './more-sites';
import { HOST } from './preview';
import { captured, inContentScript, tabIdOf, worker } from './records';
import { aistudio, copilot, grok, kimi, meta, qwen } from './round-two';
import { siteCapture } from './site-capture';
import { serveSite, type FakeSite } from './sites';

const WITHHELD = [copilot, meta];
const ALLOWED = [grok, aistudio, qwen, kimi];
const withheldOrigins = new Set(WITHHELD.map((s) => `${s.origin}/*`));

let h: Harness;
let options: Page;
const { open } = siteCapture(
  () => h,
  () => options,
);

beforeAll(async () => {
  h = await launch({ onClick: true, grantOrigins: MATCH_PATTERNS.filter((p) => !withheldOrigins.has(p)) });
  for (const site of [...WITHHELD, ...ALLOWED] as FakeSite[]) await serveSite(h.context, site);
  await skipFirstRun(h);
  options = await openOptions(h, 'settings');
}, 60_000);
afterAll(async () => h?.close());

const siteBox = (label: string) =>
  options.getByRole('group', { name: 'Sites' }).getByRole('checkbox', { name: label, exact: true });
/** The site's row in Settings → Sites. */
const siteRow = (label: string) =>
  options
    .getByRole('group', { name: 'Sites' })
    .getByRole('listitem')
    .filter({ has: options.getByRole('checkbox', { name: label, exact: true }) });

/** A fresh conversation id in the shape each site's URL takes. */
const idFor = (site: FakeSite, n: number) =>
  site.site === 'aistudio'
    ? `1SwitchPromptAbCdEfGhIjKl${String(n).padStart(6, '0')}`
    : site.site === 'copilot'
      ? `SwitchChat${n}`
      : `6f0d2c1e-8888-4a2b-9c3d-${String(n).padStart(12, '0')}`;

/** The popup's line for a tab, with no Insert memory button under it. */
async function popupLine(tabId: number, text: string): Promise<void> {
  const popup = await h.context.newPage();
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html?tab=${tabId}`);
  await popup.getByText(text, { exact: false }).first().waitFor();
  expect(await popup.getByRole('button', { name: 'Insert memory' }).count()).toBe(0);
  await popup.close();
}

describe.each(ALLOWED.map((s, i) => [s.site, s, i] as const))(
  '%s: Settings → Sites switches it',
  (_name, site, i) => {
    test('off: the button leaves the open tab and the popup says Engram is off; on: both are back and it reads', async () => {
      const label = siteInfo(site.site).label;
      const id = idFor(site, i + 1);
      site.conversations.set(id, {
        mode: 'ok',
        turns: [
          { id: `${site.site}-sw-u`, role: 'user', text: 'Plan a week in Porto.' },
          { id: `${site.site}-sw-a`, role: 'assistant', text: 'Start at the river.' },
        ],
      });
      const chat = await open(site.url(id), sitePage(site.site));
      const at = await worker(h.context);
      const tabId = await tabIdOf(at, site.url(id));
      await captured(at, tabId, { ok: (s) => s.state === 'capturing' });
      await chat.locator(HOST).waitFor();

      await siteBox(label).uncheck();
      await chat.locator(HOST).waitFor({ state: 'detached' });
      const off = await captured(at, tabId, { ok: (s) => s.state === 'off' });
      expect(off.lastError).toEqual({ code: 'site-off', site: site.site });
      await popupLine(tabId, `Engram is off for ${label}.`);

      const on = Date.now();
      await siteBox(label).check();
      await chat.locator(HOST).waitFor();
      const back = await captured(at, tabId, { since: on, ok: (s) => s.state === 'capturing' });
      // The JSON's two turns where the site's JSON answers; the page's where it is all Engram reads.
      expect(back.turnsSeen).toBe(site.site === 'grok' || site.site === 'qwen' ? 2 : PAGES[site.site].turns);
      await chat.close();
    });
  },
);

describe.each(WITHHELD.map((s) => [s.site, s] as const))(
  '%s: access the browser withholds',
  (_name, site) => {
    test('no content script runs; the popup and Settings name the site, its host and how to allow it', async () => {
      const { label, hosts } = siteInfo(site.site);
      const steps = `"This can read and change site data" → "On ${hosts[0]}".`;
      const url = site.url(idFor(site, 90));
      const chat = await open(url, sitePage(site.site));
      await expect(inContentScript(chat, '1')).rejects.toThrow('no Engram content script in this page');
      expect(await chat.locator(HOST).count()).toBe(0);
      // The browser hides a withheld tab's address: the popup names every withheld site, whichever this is.
      await popupLine(
        await tabIdOf(await worker(h.context), url),
        'Engram cannot read Copilot or Meta AI: your browser has not allowed it.',
      );
      const row = siteRow(label);
      await row.getByText(new RegExp(`^Engram cannot read ${hosts[0]!.replace(/\./g, '\\.')}: `)).waitFor();
      expect(await row.getByRole('button', { name: `Allow Engram on ${label}` }).count()).toBe(1);
      expect(await row.getByText(steps, { exact: false }).count()).toBe(1);
      // The person's switch is theirs: still on.
      expect(await siteBox(label).isChecked()).toBe(true);
      await chat.close();
    });
  },
);

test('Settings → Sites: the allowed new sites say the browser lets Engram read them', async () => {
  for (const site of ALLOWED) {
    const { label, hosts } = siteInfo(site.site);
    await siteRow(label).getByText(`Your browser lets Engram read ${hosts[0]}.`).waitFor();
  }
});
