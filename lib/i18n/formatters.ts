// Numbers, sizes, dates and relative times through Intl, in the page's language (#37), never by hand. i18next
// has number, datetime, relativetime and list; sizes and Engram's two date styles are added here, so a message
// says "{{size, bytes}}" or "{{at, when}}" and the catalogue, not the component, places them.
import type { i18n as I18n } from 'i18next';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "1.2 MB", "1,2 Mo", "1,2 МБ": decimal units, one fraction digit past the first unit. */
export function formatBytes(bytes: number, lng: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(lng, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A stored time as the person reads it: "3 Dec 2026, 14:05", "2026/12/03 14:05". */
export function formatWhen(iso: string | number | Date, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A day: "3 Dec 2026", "2026年12月3日". */
export function formatDate(iso: string | number | Date, lng: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  );
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "vor 5 Minuten", "5 分前"; `now` is passed in so a test can fix it. */
export function formatAgo(iso: string | number | Date, lng: string, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

export function addFormatters(i18n: I18n): void {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  formatter.add('bytes', (value: number, lng) => formatBytes(value, lng ?? 'en'));
  formatter.add('when', (value: string, lng) => formatWhen(value, lng ?? 'en'));
  formatter.add('day', (value: string, lng) => formatDate(value, lng ?? 'en'));
  formatter.add('ago', (value: string, lng) => formatAgo(value, lng ?? 'en'));
}
