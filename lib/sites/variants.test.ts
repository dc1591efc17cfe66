// The variant suite (#36): every page a site's parser is tested on, real (../shared) and hand-made, read again
// from copies changed as sites change without notice (test/fixtures/pages/variants.ts). Each copy must read the
// same turns as the page itself (which its parser test holds to the page's outline), or nothing at all.
import fs from 'node:fs';
import path from 'node:path';
import {
  browserLike,
  hasSharedPages,
  outline,
  SHARED_PAGES,
  type TurnOutline,
} from '../../test/fixtures/pages/load';
import { parsePage, VARIANTS, variantOf, type VariantName } from '../../test/fixtures/pages/variants';
import type { SiteAdapter } from './adapter';
import { SITES } from './registry';
import { queryCandidates } from './text';
import type { ParsedTurn } from './types';

const OWN = path.resolve(__dirname, '../../test/fixtures/pages');
const adapters = import.meta.glob<Record<string, unknown>>('./*/adapter.ts', { eager: true });
const selectors = import.meta.glob<{ TURN: readonly string[] }>('./*/selectors.ts', { eager: true });

function adapterOf(site: string): SiteAdapter<string> {
  const found = Object.values(adapters[`./${site}/adapter.ts`] ?? {}).find(
    (v): v is SiteAdapter<string> => typeof v === 'object' && v !== null && 'site' in v && v.site === site,
  );
  if (!found) throw new Error(`no adapter for ${site}`);
  return found;
}

const siteOf = (file: string) => SITES.map((s) => s.site).find((s) => file.startsWith(`${s}-`));

/** Pages per site: every real capture of ../shared (when present) and every hand-made page. */
function pages(): { file: string; site: string; html: string }[] {
  const from = (dir: string) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => path.join(dir, f))
      : [];
  return [...from(SHARED_PAGES), ...from(OWN)].flatMap((file) => {
    const site = siteOf(path.basename(file));
    return site
      ? [{ file: path.basename(file), site, html: browserLike(fs.readFileSync(file, 'utf8')) }]
      : [];
  });
}

type Verdict = 'same' | 'reported' | 'nothing' | 'WRONG';

/**
 * Where a reader cannot do better than report or read nothing, and why; every other page and variant must read the
 * same turns. A change that makes any reader worse fails here.
 */
const EXPECTED: { page: RegExp; variants: VariantName[]; verdict: Verdict; why: string }[] = [
  {
    page: /^grok-/,
    variants: ['utility-renamed', 'utility-stripped'],
    verdict: 'nothing',
    why: "who wrote a row is said only by its alignment utilities (items-end / items-start); Grok's JSON, read first, names every sender",
  },
  {
    page: /^lechat-/,
    variants: ['utility-renamed', 'utility-stripped'],
    verdict: 'reported',
    why: 'a prompt is marked by its author, but its text only by utilities (select-text, whitespace-pre-wrap) beside a time stamp',
  },
  {
    page: /^perplexity-(?!2026-05)/,
    variants: ['utility-renamed', 'utility-stripped'],
    verdict: 'reported',
    why: 'a follow-up query is named only by the group/query utility (the first is the panel’s h1)',
  },
];

function expected(file: string, variant: VariantName): Verdict {
  return EXPECTED.find((e) => e.page.test(file) && e.variants.includes(variant))?.verdict ?? 'same';
}

const same = (a: TurnOutline, b: TurnOutline) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `same`: every turn read as on the page itself. `reported`: the turns read are the page's own, in order, and each
 * one left out is reported as missed (capture says so). `nothing`: no turn read (capture reports the page broken).
 * Anything else (a turn read differently, a label or a panel read as a turn, a turn dropped silently) is WRONG.
 */
function verdict(original: TurnOutline[], got: ParsedTurn[]): Verdict {
  const read = got.filter((t) => !t.missed).map(outline);
  if (read.length === original.length && read.every((t, i) => same(t, original[i]!))) return 'same';
  if (read.length === 0) return 'nothing';
  let at = 0;
  for (const turn of read) {
    while (at < original.length && !same(original[at]!, turn)) at++;
    if (at === original.length) return 'WRONG';
    at++;
  }
  return got.filter((t) => t.missed).length >= original.length - read.length ? 'reported' : 'WRONG';
}

test('the suite runs on every shared page of every site', () => {
  if (!hasSharedPages()) return;
  const shared = fs.readdirSync(SHARED_PAGES).filter((f) => f.endsWith('.html'));
  expect(shared.every((f) => siteOf(f))).toBe(true);
  expect(pages().filter((p) => shared.includes(p.file))).toHaveLength(shared.length);
});

describe.each(pages())('$file', ({ file, site, html }) => {
  const adapter = adapterOf(site);
  const turns = selectors[`./${site}/selectors.ts`]?.TURN ?? [];
  const rowsOf = (doc: Document) => queryCandidates(doc, turns);
  const page = parsePage(html);
  // The composer the page itself is read with, marked so that each copy can say whether it finds the same one.
  const composer = adapter.findComposer(page);
  composer?.setAttribute('data-variant-composer', '');
  const original = adapter
    .parseTurns(page)
    .filter((t) => !t.missed)
    .map(outline);
  // Parsing and reading are CPU work that grows with the page: a 670 kB page (61 turns) takes seconds in happy-dom
  // on a loaded machine, a 20 kB one milliseconds. The budget grows with the page, not with the machine's load.
  const budget = 5_000 + Math.round(html.length / 40);

  it.each(VARIANTS.map((v) => [v.name, v] as const))(
    '%s: the same turns, or nothing',
    { timeout: budget },
    (name, variant) => {
      const copy = variantOf(page, variant, rowsOf);
      const got = adapter.parseTurns(copy);
      // Insert memory finds the same prompt box on every copy, or none: never another editable thing.
      const found = adapter.findComposer(copy);
      if (found || composer)
        expect(found?.hasAttribute('data-variant-composer'), `${file} ${name} composer`).toBe(true);
      const said = verdict(original, got);
      if (said === 'WRONG') expect(got.filter((t) => !t.missed).map(outline)).toEqual(original);
      expect(said, `${file} ${name}`).toBe(expected(file, name));
    },
  );
});
