// A time the query names ("in May 2023", "last week", "2024"), as a window to nudge memories dated inside it
// (#5: temporal match boost). English only, like the stemmer; anything unparsed simply gives no nudge.
export interface Window {
  start: number;
  end: number;
}

const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
);
const DAY = 86_400_000;
// Whole names or three-letter abbreviations only: "marathon" must not read as March.
const MONTH_RE = new RegExp(
  `\\b(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')}|sept)\\.?(?:\\s+(\\d{4}))?\\b`,
  'i',
);

function monthWindow(month: number, year: number): Window {
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
}

function relative(query: string, now: number): Window | null {
  const q = query.toLowerCase();
  if (/\byesterday\b/.test(q)) return { start: now - 2 * DAY, end: now };
  if (/\b(last|past|this) week\b/.test(q)) return { start: now - 8 * DAY, end: now };
  if (/\b(last|past) month\b/.test(q)) return { start: now - 62 * DAY, end: now - 20 * DAY };
  if (/\bthis month\b/.test(q)) return { start: now - 31 * DAY, end: now };
  const year = new Date(now).getUTCFullYear();
  if (/\blast year\b/.test(q)) return { start: Date.UTC(year - 1, 0, 1), end: Date.UTC(year, 0, 1) };
  if (/\bthis year\b/.test(q)) return { start: Date.UTC(year, 0, 1), end: now };
  return null;
}

export function queryWindow(query: string, now: number): Window | null {
  const rel = relative(query, now);
  if (rel) return rel;
  const month = MONTH_RE.exec(query);
  // "may" alone is mostly the verb; only a "May 2023" with its year counts for that month.
  const name = month?.[1]?.toLowerCase();
  if (month && name && (month[2] || name !== 'may')) {
    const index = MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3)));
    const year = month[2] ? Number(month[2]) : new Date(now).getUTCFullYear();
    return monthWindow(index, year);
  }
  const year = /\b(19[5-9]\d|20\d\d)\b/.exec(query);
  if (year?.[1]) return { start: Date.UTC(Number(year[1]), 0, 1), end: Date.UTC(Number(year[1]) + 1, 0, 1) };
  return null;
}

/** True when the memory's date (when it happened, else when it was said) falls in the window. */
export function inWindow(window: Window, occurredStart: string | null, mentionedAt: string): boolean {
  const at = Date.parse(occurredStart ?? mentionedAt);
  return at >= window.start && at < window.end;
}
