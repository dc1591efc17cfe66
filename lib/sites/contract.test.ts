// The site contract (#24, #36): adding a site is its folder, one registry line and a ten-line entrypoint. This test
// walks the registry and fails for a site that lacks any part: hosts, selectors with their dated layouts, a page
// parser with tests on real pages and on a hand-made page, a composer, do-not-remember detection (or why there is
// none), a conversation URL, a scope source (or why there is none), its reply pattern, its entrypoint, and how
// it tells the person's own threads from others' (or why it cannot: #34).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { TAP_SITES } from '../capture/tap-sites';
import { hasSharedPages, loadPage, SHARED_PAGES } from '../../test/fixtures/pages/load';
import type { SiteAdapter } from './adapter';
import { MATCH_PATTERNS, SITES, siteForHost } from './registry';
import type { SiteInfo } from './site';

const ROOT = path.resolve(__dirname, '../..');
const FOLDER = (site: string) => path.join(ROOT, 'lib/sites', site);
const read = (file: string) => fs.readFileSync(file, 'utf8');

const adapterModules = import.meta.glob<Record<string, unknown>>('./*/adapter.ts', { eager: true });

function adapterOf(site: string): SiteAdapter<string> | undefined {
  const exports = adapterModules[`./${site}/adapter.ts`] ?? {};
  return Object.values(exports).find(
    (v): v is SiteAdapter<string> => typeof v === 'object' && v !== null && 'site' in v && v.site === site,
  );
}

/** Every test file of the site's folder, by name. */
function testsOf(site: string): Map<string, string> {
  const files = fs.readdirSync(FOLDER(site)).filter((f) => f.endsWith('.test.ts'));
  return new Map(files.map((f) => [f, read(path.join(FOLDER(site), f))]));
}

/** Names in `loadPage('…')` / `loadSharedPage('…')` calls of the site's tests. */
function pagesNamed(site: string, loader: 'loadPage' | 'loadSharedPage'): string[] {
  const pattern = new RegExp(`${loader}\\('([^']+\\.html)'\\)`, 'g');
  const text = [...testsOf(site).values()].join('\n');
  return [...new Set([...text.matchAll(pattern)].map((m) => m[1]!))].filter((n) => n.startsWith(`${site}-`));
}

/** Each exported selector list of selectors.ts, with the comments before and inside it. */
function selectorLists(site: string): { name: string; text: string }[] {
  const file = path.join(FOLDER(site), 'selectors.ts');
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  return source.statements.filter(ts.isVariableStatement).flatMap((statement) =>
    statement.declarationList.declarations
      .filter((d) => d.initializer && ts.isAsExpression(d.initializer))
      .filter((d) => ts.isArrayLiteralExpression((d.initializer as ts.AsExpression).expression))
      .map((d) => ({ name: d.name.getText(source), text: statement.getFullText(source) })),
  );
}

// A Gemini-like hex id and a uuid: every site's conversation URL reads back one of them.
const SAMPLE_IDS = ['6f0d2c1e0a1b4c3d', '6f0d2c1e-0a1b-4c3d-8e9f-0123456789ab'];
const sampleId = (info: SiteInfo<string>) =>
  SAMPLE_IDS.find((id) => info.conversationId(new URL(info.conversationUrl(id))) === id) ?? SAMPLE_IDS[0]!;

describe.each(SITES.map((info) => [info.site, info as SiteInfo<string>] as const))(
  'site %s',
  (site, info) => {
    it('has exact hosts, each in the manifest’s match patterns and found by its own name only', () => {
      expect(info.label.trim()).not.toBe('');
      expect(info.hosts.length).toBeGreaterThan(0);
      for (const host of info.hosts) {
        expect(host).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
        expect(MATCH_PATTERNS).toContain(`https://${host}/*`);
        expect(siteForHost(host)).toBe(site);
      }
    });

    it('builds a conversation URL on its own host that its conversation id reads back', () => {
      const id = sampleId(info);
      const url = new URL(info.conversationUrl(id));
      expect(url.protocol).toBe('https:');
      expect(info.hosts).toContain(url.hostname);
      expect(info.conversationId(url)).toBe(id);
      expect(info.isPrivate(url)).toBe(false);
    });

    it('says where its do-not-remember mode shows, or why it has none', () => {
      const dnr = info.doNotRemember;
      if ('none' in dnr) expect(dnr.none.trim()).not.toBe('');
      else expect(dnr.seenIn.length).toBeGreaterThan(0);
      // A mode seen in the request body is one the tap can read.
      const inRequest = !('none' in dnr) && dnr.seenIn.includes('request');
      expect(!!info.reply.privateBody).toBe(inRequest);
    });

    it("says how it tells the person's own threads from others', or why it cannot (#34)", () => {
      const own = info.ownership;
      if ('unknown' in own) expect(own.unknown.trim().length).toBeGreaterThan(20);
      else {
        expect(own.seenIn.length).toBeGreaterThan(0);
        expect(own.note.trim().length).toBeGreaterThan(20);
        // Told by address: the site's shared view is on its own host and is no conversation Engram reads.
        if (own.seenIn.includes('url')) {
          const shared = new URL(own.sharedView ?? 'https://invalid.example/');
          expect(info.hosts).toContain(shared.hostname);
          expect(info.conversationId(shared)).toBeNull();
        }
      }
    });

    it('reads its page only after its JSON confirmed the chat, where only the JSON or the request can tell (#34)', () => {
      const dnr = info.doNotRemember;
      const privateOnlyInJson =
        !('none' in dnr) && !dnr.seenIn.some((signal) => signal === 'url' || signal === 'page');
      const own = info.ownership;
      const authorsOnlyInJson = !('unknown' in own) && !own.seenIn.includes('url');
      expect(info.pageNeedsJson).toBe(privateOnlyInJson || authorsOnlyInJson);
      expect(adapterOf(site)?.pageNeedsJson).toBe(info.pageNeedsJson);
    });

    it('says where its scopes come from, or why it has none', () => {
      const { noun, fromJson, note } = info.scope;
      if (noun === null) expect(note?.trim()).toBeTruthy();
      expect(typeof info.scope.fromUrl).toBe('function');
      expect(info.scope.fromUrl(new URL(info.conversationUrl(sampleId(info))))).toBeNull();
      if (fromJson) expect(noun).not.toBeNull();
    });

    it('names the request its reply finishes with, over a transport the tap wraps or the page’s own mark', () => {
      expect(['fetch', 'xhr', 'page']).toContain(info.reply.transport);
      expect(info.reply.path).toBeInstanceOf(RegExp);
      // A reply the tap cannot hear ends when the page's streaming mark falls: the site must name one.
      if (info.reply.transport === 'page') {
        const streaming = selectorLists(site).find((l) => l.name === 'STREAMING');
        expect(streaming, `lib/sites/${site}/selectors.ts STREAMING`).toBeDefined();
      }
    });

    it('has an adapter in its folder built on its registry entry, and a ten-line entrypoint that offers it', () => {
      const adapter = adapterOf(site);
      expect(adapter, `lib/sites/${site}/adapter.ts exports no adapter for ${site}`).toBeDefined();
      expect(adapter?.hosts).toBe(info.hosts);
      expect(adapter?.conversationId).toBe(info.conversationId);
      expect(adapter?.scope).toBe(info.scope);
      for (const fn of [
        'parseTurns',
        'findThread',
        'findComposer',
        'isPrivatePage',
        'isSharedView',
        'fetchConversation',
      ] as const)
        expect(typeof adapter?.[fn]).toBe('function');
      const entry = path.join(ROOT, 'entrypoints', `${site}.content.ts`);
      expect(fs.existsSync(entry), `entrypoints/${site}.content.ts`).toBe(true);
      const text = read(entry);
      expect(text).toContain(`../lib/sites/${site}/adapter`);
      // The shared chat-page script starts with it (lib/page/hub.ts): no site's script carries the shared code.
      expect(text).toContain('offerAdapter(');
      expect(text).not.toContain('startChatPage');
      expect(text.trim().split('\n').length).toBeLessThanOrEqual(10);
    });

    it('keeps selectors beside their evidence: every list has a dated layout note', () => {
      const lists = selectorLists(site);
      expect(lists.length).toBeGreaterThan(0);
      for (const list of lists) expect(list.text, `${site} ${list.name}`).toMatch(/TODO\(20\d\d-\d\d\)/);
    });

    it('has parser tests on a hand-made page it reads whole: thread, both roles, a composer', () => {
      const pages = pagesNamed(site, 'loadPage');
      expect(pages.length, `no test in lib/sites/${site} loads a hand-made ${site}-*.html`).toBeGreaterThan(
        0,
      );
      const adapter = adapterOf(site)!;
      const docs = pages.map((name) => loadPage(name));
      const read = docs.map((doc) => ({ doc, turns: adapter.parseTurns(doc) }));
      const whole = read.find(
        ({ doc, turns }) => adapter.findThread(doc) && new Set(turns.map((t) => t.role)).size === 2,
      );
      expect(whole, `no hand-made ${site} page yields a thread with both roles`).toBeDefined();
      expect(
        docs.some((doc) => adapter.findComposer(doc) !== null),
        `no composer on a hand-made ${site} page`,
      ).toBe(true);
      for (const doc of docs) expect(adapter.isPrivatePage(doc)).toBe(false);
      for (const doc of docs) expect(adapter.isSharedView(doc)).toBe(false);
    });

    it('has a real-page test, naming every shared page of the site', () => {
      expect(
        pagesNamed(site, 'loadSharedPage').length,
        `no test in lib/sites/${site} reads a real page`,
      ).toBeGreaterThan(0);
      if (!hasSharedPages()) return;
      const shared = fs.readdirSync(SHARED_PAGES).filter((f) => f.startsWith(`${site}-`));
      expect(shared.length).toBeGreaterThan(0);
      // `claude-artifact-…` is Claude's; no other site's name starts with another's.
      expect(pagesNamed(site, 'loadSharedPage').sort()).toEqual(shared.sort());
    });
  },
);

test('the MAIN-world tap runs on exactly the registry’s hosts', () => {
  expect(TAP_SITES.flatMap((t) => t.hosts).sort()).toEqual(SITES.flatMap((s) => s.hosts).sort());
});

test('every site folder with an adapter is in the registry', () => {
  const folders = Object.keys(adapterModules).map((k) => k.split('/')[1]);
  expect(folders.sort()).toEqual(SITES.map((s) => s.site).sort());
});
