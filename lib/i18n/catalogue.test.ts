// The catalogues (#37): the languages Engram ships, every key of English in every language with its own plural
// forms, the same placeholders, nothing left in English by mistake, and the store's limits.
import { describe, expect, test } from 'vitest';
import { chromeMessages, readCatalogues } from '../../scripts/locales';
import { LANGUAGES, matchLanguage, resolveLanguage } from './languages';

// Adding a language: its file in locales/, and its code here (README, Languages).
const SHIPPED = ['de', 'en', 'es', 'fr', 'ja', 'ko', 'pt-BR', 'ru', 'zh-CN', 'zh-TW'];

const catalogues = readCatalogues();
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | string[] | Tree };

/** Every message's path, its plural suffix cut: "memories.count" for "memories.count_one". */
function messages(tree: Tree, prefix = ''): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [p, forms] of messages(value, `${path}.`)) out.set(p, forms);
      continue;
    }
    const form = PLURAL.exec(key)?.[1] ?? '';
    const base = form ? path.slice(0, -form.length - 1) : path;
    const forms = out.get(base) ?? new Map<string, string>();
    forms.set(form, Array.isArray(value) ? value.join('\n') : value);
    out.set(base, forms);
  }
  return out;
}

const placeholders = (text: string) => [...new Set(text.match(/\{\{[^}]+\}\}|<\/?\w+>/g) ?? [])].sort();

const english = messages(catalogues.get('en') as unknown as Tree);
const others = SHIPPED.filter((c) => c !== 'en');

test('the languages shipped are the files in locales/, each listed here', () => {
  expect([...catalogues.keys()].sort()).toEqual(SHIPPED);
  expect(LANGUAGES.map((l) => l.code).sort()).toEqual(SHIPPED);
  expect(LANGUAGES[0]?.code).toBe('en');
});

describe.each(others)('%s', (code) => {
  const mine = messages(catalogues.get(code) as unknown as Tree);
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;

  test('has every message of English, and none English lacks', () => {
    expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
  });

  test("plural messages have exactly this language's forms (Intl.PluralRules)", () => {
    for (const [key, forms] of english) {
      if (!forms.has('other')) continue;
      expect([...(mine.get(key)?.keys() ?? [])].sort(), key).toEqual([...categories].sort());
    }
  });

  test('every message keeps English placeholders, and none is empty', () => {
    for (const [key, forms] of english) {
      const want = placeholders([...forms.values()].join(' '));
      const got = mine.get(key);
      if (key.startsWith('blockIntroBefore') || !got) continue;
      for (const text of got.values()) expect(text.trim(), key).not.toBe('');
      // A form may leave {{count}} out ("one" said as a word), never another value.
      const have = placeholders([...got.values()].join(' '));
      expect(
        have.filter((p) => p !== '{{count}}'),
        key,
      ).toEqual(want.filter((p) => p !== '{{count}}'));
    }
  });

  test('no sentence is left in English', () => {
    const same = [...english]
      .filter(([key, forms]) => {
        const text = forms.get('other') ?? forms.get('') ?? '';
        // Words, not placeholders: "{{kind}} · {{count}} tokens" is Spanish too.
        const words = text.replace(/\{\{[^}]+\}\}|<\/?\w+>/g, '').match(/\p{L}{2,}/gu) ?? [];
        return (
          !key.startsWith('blockIntroBefore') && words.length >= 3 && mine.get(key)?.get('other') === text
        );
      })
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  // WCAG 2.5.3 (axe's label-content-name-mismatch): a button named for a screen reader ("Retry reading “…”")
  // still holds the word it shows ("Retry"), so a person who says what they see can press it by voice.
  test('a button’s spoken name holds its visible word', () => {
    const c = catalogues.get(code) as unknown as Record<string, Record<string, string>>;
    const pairs = [
      ['activity', 'retry', 'retryChat'],
      ['webllm', 'retry', 'retryModel'],
      ['webllm', 'download', 'downloadModel'],
      ['webllm', 'delete', 'deleteModel'],
    ] as const;
    for (const [section, shown, named] of pairs)
      expect(c[section]?.[named]?.toLowerCase(), `${section}.${named}`).toContain(
        c[section]?.[shown]?.toLowerCase(),
      );
  });

  test('the store listing fits: name 75 characters, description 132', () => {
    const c = catalogues.get(code);
    expect(c?.manifest.name.length).toBeLessThanOrEqual(75);
    expect(c?.manifest.description.length).toBeLessThanOrEqual(132);
    expect(Object.keys(chromeMessages(c!))).toEqual(['extName', 'extDescription', 'commandInsert']);
  });
});

test('the browser language chooses: exact, then the same language, then English', () => {
  expect(matchLanguage(['ja-JP'])).toBe('ja');
  expect(matchLanguage(['pt-PT'])).toBe('pt-BR');
  expect(matchLanguage(['zh-HK'])).toBe('zh-TW');
  expect(matchLanguage(['zh-Hant-TW'])).toBe('zh-TW');
  expect(matchLanguage(['zh'])).toBe('zh-CN');
  expect(matchLanguage(['de-AT', 'en'])).toBe('de');
  expect(matchLanguage(['nl-NL', 'fr-BE'])).toBe('fr');
  expect(matchLanguage(['nl-NL'])).toBe('en');
});

test('a choice in Settings overrides the browser; an unknown stored code falls back to it', () => {
  expect(resolveLanguage('ja', ['en-US'])).toBe('ja');
  expect(resolveLanguage('auto', ['de-DE'])).toBe('de');
  expect(resolveLanguage('xx', ['ru'])).toBe('ru');
});
