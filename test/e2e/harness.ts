// Launches Debian Chromium with the built extension. Every request that is not routed to a fixture is
// aborted, so no test ever reaches the internet (#2).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from 'playwright-core';
import { findChromium } from './chromium';

export const EXTENSION_PATH = resolve('.output/chrome-mv3');
export const FIXTURES = resolve('test/fixtures');

export interface Harness {
  context: BrowserContext;
  extensionId: string;
  blocked: string[];
  userDataDir: string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * Host patterns the extension holds as if the user had accepted its runtime permission prompt (#4), which
   * headless Chromium leaves pending forever. The profile is started once, the grant written into its
   * Preferences (Chromium's own record of accepted permissions), and the browser started again.
   */
  grantOrigins?: string[];
  /**
   * Chrome's "on click" site access (the puzzle menu's "When you click the extension", #24): every host the
   * manifest declares is withheld, except `grantOrigins`, as the person would allow them one by one. Written as
   * Chromium records it (`withholding_permissions` in the profile's Preferences); the content script then never
   * runs on a withheld site, and `permissions.contains` says false for it.
   */
  onClick?: boolean;
  /** Extra Chromium flags (bench:past adds `--remote-debugging-port=0` to reach the worker's heap). */
  args?: string[];
  /** Another build of the extension than this checkout's (bench:recall-ab times two builds side by side). */
  extensionPath?: string;
}

export async function launch(options: LaunchOptions = {}): Promise<Harness> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-'));
  if (options.grantOrigins?.length || options.onClick)
    await grantOrigins(
      userDataDir,
      options.grantOrigins ?? [],
      options.onClick ?? false,
      options.extensionPath,
    );
  return start(userDataDir, options.args, options.extensionPath);
}

type Granted = { explicit_host?: string[]; scriptable_host?: string[] };
type ExtensionPrefs = Record<string, Granted | boolean | undefined>;

async function grantOrigins(
  userDataDir: string,
  origins: readonly string[],
  onClick: boolean,
  extension?: string,
): Promise<void> {
  const first = await start(userDataDir, [], extension);
  await first.context.close();
  const path = join(userDataDir, 'Default', 'Preferences');
  const prefs = JSON.parse(readFileSync(path, 'utf8')) as {
    extensions: { settings: Record<string, ExtensionPrefs> };
  };
  const settings = prefs.extensions.settings[first.extensionId];
  if (!settings) throw new Error('the extension has no settings in the profile');
  for (const key of ['granted_permissions', 'runtime_granted_permissions', 'active_permissions']) {
    const set = (settings[key] ?? {}) as Granted;
    set.explicit_host = [...(set.explicit_host ?? []), ...origins];
    // A site allowed on click runs the content script there too.
    if (onClick) set.scriptable_host = [...(set.scriptable_host ?? []), ...origins];
    settings[key] = set;
  }
  if (onClick) settings.withholding_permissions = true;
  writeFileSync(path, JSON.stringify(prefs));
}

async function start(
  userDataDir: string,
  extraArgs: string[] = [],
  extension = EXTENSION_PATH,
): Promise<Harness> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      ...extraArgs,
    ],
  });
  const blocked: string[] = [];
  await context.route(/^https?:/, (route) => {
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    blocked,
    userDataDir,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export function fixture(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/** Answers one exact URL (any query) with a fixture page. Later routes win over the catch-all abort. */
export async function servePage(context: BrowserContext, url: string, html: string): Promise<void> {
  const target = new URL(url);
  await context.route(
    (u) => u.origin === target.origin && u.pathname === target.pathname,
    (route: Route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
}

export async function openOptions(h: Harness, section = 'memories'): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(`chrome-extension://${h.extensionId}/options.html#${section}`);
  return page;
}

/** Marks the popup's first-run walkthrough (#6) as done, for tests about what the usual popup shows. */
export async function skipFirstRun(h: Harness): Promise<void> {
  const worker = h.context.serviceWorkers()[0] ?? (await h.context.waitForEvent('serviceworker'));
  await worker.evaluate(() => chrome.storage.local.set({ onboarded: true }));
}

type Version = { runningStatus: string; status: string; scriptURL: string };
type VersionEvent = { versions: Version[] };

/**
 * Stops the extension's service worker the way Chrome does when it idles (MV3 restarts). It waits until the
 * worker is activated (and not mid-start) first: stopping one still activating left the extension without a
 * working worker in about one run in three (import.e2e, 2026-11-29). Then it waits for a "stopped" report
 * after the command, not for "stopped" to be the latest one: an event for the extension (an alarm, a message)
 * may start the worker again at once, and waiting for the latest report to say "stopped" then timed out with
 * the restarted worker "running" (import.e2e, 1 in 3 repeated runs, #12). A command that brings no "stopping"
 * report within 3 s is sent again. Each wait is checked as the browser's reports arrive, not on a timer (#26).
 */
export async function stopServiceWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const states: Version[] = [];
  let report: () => void = () => undefined;
  cdp.on('ServiceWorker.workerVersionUpdated', (e: VersionEvent) => {
    states.push(...e.versions.filter((v) => v.scriptURL.startsWith('chrome-extension://')));
    report();
  });
  const until = (what: string, ok: () => boolean, every?: () => void) =>
    new Promise<void>((resolve, reject) => {
      const tick = every && setInterval(every, 1000);
      const stop = (error?: Error) => {
        clearTimeout(timer);
        clearInterval(tick);
        report = () => undefined;
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => {
        const seen = states.map((v) => `${v.status}/${v.runningStatus}`).join(' → ');
        stop(new Error(`service worker never ${what}; reports: ${seen}`));
      }, 15_000);
      report = () => void (ok() && stop());
      report();
    });
  await cdp.send('ServiceWorker.enable');
  await until('became activated', () => {
    const v = states.at(-1);
    return !!v && v.status === 'activated' && v.runningStatus !== 'starting';
  });
  const sent = states.length;
  let last = Date.now();
  await cdp.send('ServiceWorker.stopAllWorkers');
  const after = () => states.slice(sent);
  await until(
    'stopped',
    () => after().some((v) => v.runningStatus === 'stopped'),
    () => {
      // No "stopping" report a few seconds after the command: it was not taken; ask again (it is idempotent).
      if (after().some((v) => v.runningStatus === 'stopping') || Date.now() - last <= 3000) return;
      last = Date.now();
      cdp.send('ServiceWorker.stopAllWorkers').catch(() => undefined);
    },
  );
  await cdp.detach();
}
