// Debian's firefox-esr with the built extension (.output/firefox-mv3), driven over WebDriver BiDi by
// puppeteer-core (#14). What was learned by hand: BiDi refuses moz-extension:// pages without
// --remote-allow-system-access; page.goto never resolves there, so extension pages are opened with BiDi's own
// browsingContext.navigate; the extension's address is fixed by a pref. Every request is intercepted over BiDi:
// fixture pages and the fake sites' JSON are answered, everything else fails, and a proxy pref points at a local
// port that drops every connection, so nothing unrouted can leave even if interception missed it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core';
import { bidi, routeRequests, type Router } from './routing';

export const EXTENSION_PATH = resolve('.output/firefox-mv3');
const ADDON_ID = 'engram@engram.local';
/** Fixed by `extensions.webextensions.uuids`, so tests know every extension URL in advance. */
export const UUID = '5d2c7c1e-8f3a-4b6d-9e0f-1a2b3c4d5e6f';
export const ORIGIN = `moz-extension://${UUID}`;

export function firefoxPath(): string {
  const path = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
  if (!existsSync(path)) throw new Error(`No Firefox at ${path}: install firefox-esr or set FIREFOX_PATH.`);
  return path;
}

export interface Firefox extends Router {
  browser: Browser;
  /** Connections that reached the proxy: requests the interception did not see (each one dropped there). */
  proxied(): number;
  /** Where "Export all data" saves its file. */
  downloads: string;
  /** Opens an extension page in a new tab and waits until it has loaded. */
  openExtensionPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** A local port that accepts and drops every connection: the proxy that unrouted requests die at. */
async function blackHole(): Promise<{ server: Server; port: number; reached: () => number }> {
  let reached = 0;
  const server = createServer((socket) => {
    reached += 1;
    socket.on('error', () => undefined);
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port, reached: () => reached };
}

export interface FirefoxOptions {
  /**
   * Origins on 127.0.0.1 the browser may reach (a storage server the test started): past the interception and
   * the black-hole proxy. Optional host permissions are then granted without a prompt, as if the person had
   * accepted it (extensions.webextOptionalPermissionPrompts: headless Firefox cannot show the prompt).
   */
  passThrough?: string[];
  /**
   * A permissions.request is granted without its prompt, as if the person accepted it (the same pref; #24 asks
   * again for a host the person revoked). Implied by `passThrough`.
   */
  acceptRequests?: boolean;
}

function localPrefs(o: FirefoxOptions): Record<string, string | boolean> {
  const accept: Record<string, boolean> = o.acceptRequests
    ? { 'extensions.webextOptionalPermissionPrompts': false }
    : {};
  if (!o.passThrough?.length) return accept;
  return {
    'network.proxy.no_proxies_on': o.passThrough.map((u) => new URL(u).host).join(','),
    'network.proxy.allow_hijacking_localhost': false,
    'extensions.webextOptionalPermissionPrompts': false,
  };
}

function prefs(proxyPort: number, downloads: string): Record<string, string | number | boolean> {
  return {
    'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }),
    // Extension console output on Firefox's stdout (shown with ENGRAM_FIREFOX_LOG=1).
    'devtools.console.stdout.content': true,
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': proxyPort,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': proxyPort,
    'network.proxy.share_proxy_settings': true,
    'network.trr.mode': 5,
    // Remote settings from a data: URL, as Firefox's own test harness does (with MOZ_REMOTE_SETTINGS_DEVTOOLS).
    'services.settings.server': 'data:,#remote-settings-dummy/v1',
    'browser.download.folderList': 2,
    'browser.download.dir': downloads,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.start_downloads_in_tmp_dir': false,
  };
}

/** The BiDi id of a page's top-level browsing context (puppeteer keeps it as the main frame's `_id`). */
export function contextId(page: Page): string {
  const id: unknown = Reflect.get(page.mainFrame(), '_id');
  if (typeof id !== 'string') throw new Error('puppeteer no longer exposes the frame id');
  return id;
}

export async function launchFirefox(o: FirefoxOptions = {}): Promise<Firefox> {
  const proxy = await blackHole();
  const downloads = mkdtempSync(join(tmpdir(), 'engram-ff-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    dumpio: process.env.ENGRAM_FIREFOX_LOG === '1',
    args: ['--remote-allow-system-access'],
    // Release builds ignore the remote-settings server pref unless this is set: without both, Firefox tried
    // firefox.settings.services.mozilla.com ~400 times a run (each died at the proxy).
    env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' },
    extraPrefsFirefox: { ...prefs(proxy.port, downloads), ...localPrefs(o) },
  });
  const connection = bidi(browser);
  const origins = (o.passThrough ?? []).map((u) => new URL(u).origin);
  const router = await routeRequests(connection, origins);
  await browser.installExtension(EXTENSION_PATH);
  return {
    ...router,
    browser,
    proxied: proxy.reached,
    downloads,
    openExtensionPage: async (path) => {
      const page = await browser.newPage();
      await connection.send('browsingContext.navigate', {
        context: contextId(page),
        url: `${ORIGIN}/${path}`,
        wait: 'complete',
      });
      return page;
    },
    close: async () => {
      await browser.close();
      proxy.server.close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

/** Polls `read` every 100 ms until it gives something, or fails after `timeoutMs` saying what it waited for. */
export async function poll<T>(
  what: string,
  read: () => Promise<T | null> | T | null,
  timeoutMs = 15_000,
): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The frame whose document is at `prefix`: Firefox reports an extension frame's URL as about:blank. */
export async function frameAt(page: Page, prefix: string): Promise<Frame | null> {
  for (const frame of page.frames()) {
    const href = await frame.evaluate(() => location.href).catch(() => '');
    if (href.startsWith(prefix)) return frame;
  }
  return null;
}

/** The JSON file "Export all data" saved, once complete (Firefox writes a .part file first, then renames it). */
export function exported(dir: string): unknown {
  const file = readdirSync(dir).find((f) => /^engram-export-.*\.json$/.test(f));
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch {
    return null; // still being written
  }
}
