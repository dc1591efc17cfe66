// Grammar through the catalogue (#37): plurals by each language's rules, numbers, sizes and dates through Intl.
import { afterEach, expect, test } from 'vitest';
import { formatAgo, formatBytes } from './formatters';
import { i18n, switchLanguage } from './i18n';

afterEach(() => switchLanguage('en'));

test('Russian has one, few and many: 1 воспоминание, 3 воспоминания, 5 воспоминаний, 21 воспоминание', async () => {
  await switchLanguage('ru');
  const say = (count: number) => i18n.t('counts.memories', { count });
  expect(say(1)).toBe('1 воспоминание');
  expect(say(3)).toBe('3 воспоминания');
  expect(say(5)).toBe('5 воспоминаний');
  expect(say(11)).toBe('11 воспоминаний');
  expect(say(21)).toBe('21 воспоминание');
  expect(say(22)).toBe('22 воспоминания');
  // Numbers through Intl: a Russian thousands separator, not a comma.
  expect(say(10_000)).toBe(`${new Intl.NumberFormat('ru').format(10_000)} воспоминаний`);
});

test('Japanese has one form for every count, and counts with 件', async () => {
  await switchLanguage('ja');
  expect(i18n.t('counts.memories', { count: 1 })).toBe('メモリー 1 件');
  expect(i18n.t('counts.memories', { count: 2 })).toBe('メモリー 2 件');
  expect(i18n.t('preview.insert', { count: 1 })).toBe('メモリー 1 件を挿入');
});

test('English and German say one and other', async () => {
  expect(i18n.t('preview.insert', { count: 1 })).toBe('Insert 1 memory');
  expect(i18n.t('preview.insert', { count: 3 })).toBe('Insert 3 memories');
  await switchLanguage('de');
  expect(i18n.t('preview.insert', { count: 1 })).toBe('1 Erinnerung einfügen');
  expect(i18n.t('preview.insert', { count: 3 })).toBe('3 Erinnerungen einfügen');
});

test('a switch loads the catalogue once and every later t speaks the new language', async () => {
  expect(i18n.t('options.nav.settings')).toBe('Settings');
  await switchLanguage('fr');
  expect(i18n.language).toBe('fr');
  expect(i18n.t('options.nav.settings')).toBe('Paramètres');
});

test('sizes and relative times through Intl, in the language asked', () => {
  expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
  expect(formatBytes(1_234_567, 'de')).toBe('1,2 MB');
  expect(formatBytes(999, 'en')).toBe('999 byte');
  const now = Date.UTC(2026, 11, 3, 12);
  expect(formatAgo(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago');
  expect(formatAgo(now - 5 * 60_000, 'de', now)).toBe('vor 5 Minuten');
  expect(formatAgo(now - 2 * 86_400_000, 'ja', now)).toBe('一昨日');
});
