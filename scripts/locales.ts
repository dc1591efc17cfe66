// Build-time side of the catalogues (#37). Chrome and Firefox read the manifest's name, description and the
// shortcut's description from `_locales/<locale>/messages.json`, chosen by the browser's language and never
// switchable at run time; the pages use locales/<code>.json through i18next. The build writes the first from the
// second, so a language is still one file (README, Languages).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Wxt } from 'wxt';
import { introHash } from '../lib/capture/intro-hash';
import type { Catalogue } from '../lib/i18n/catalogue';
import { chromeLocale } from '../lib/i18n/chrome-locale';

const DIR = join(import.meta.dirname, '..', 'locales');

export function readCatalogues(): Map<string, Catalogue> {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
  return new Map(
    files.map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Catalogue]),
  );
}

/** The messages the manifest names (wxt.config.ts: __MSG_extName__ and the others). */
export function chromeMessages(c: Catalogue): Record<string, { message: string; description: string }> {
  return {
    extName: { message: c.manifest.name, description: 'The extension’s name (75 characters at most).' },
    extDescription: {
      message: c.manifest.description,
      description: 'The store’s short description and the manifest’s (132 characters at most).',
    },
    commandInsert: { message: c.manifest.command, description: 'The keyboard shortcut’s description.' },
  };
}

type PublicFiles = Parameters<NonNullable<import('wxt').WxtHooks['build:publicAssets']>>[1];

export function addLocaleFiles(_wxt: Wxt, files: PublicFiles): void {
  for (const [code, catalogue] of readCatalogues())
    files.push({
      relativeDest: `_locales/${chromeLocale(code)}/messages.json`,
      contents: `${JSON.stringify(chromeMessages(catalogue), null, 2)}\n`,
    });
}

/**
 * Hashes of every block intro Engram has written, in any language (capture's fence, lib/capture/fence.ts):
 * ten intros as text would cost a content script ~2 kB of its 50 kB; their hashes cost ~120 bytes.
 */
export function blockIntroHashes(): number[] {
  const intros = [...readCatalogues().values()].flatMap((c) => [c.blockIntro, ...c.blockIntroBefore]);
  return [...new Set(intros.map(introHash))];
}
