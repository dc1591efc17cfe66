// A zod error in plain words for the import report (#12): zod/mini carries no message locale (every message is
// "Invalid input"), so the words come from the issue's code, and the path says which field.
import type { z } from 'zod/mini';

type Issue = z.core.$ZodIssue;

function path(issue: Issue): string {
  return issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

function words(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'is missing'
        : `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`;
    case 'invalid_format':
      return issue.format === 'datetime'
        ? 'must be an ISO 8601 date with a time zone'
        : `must be a valid ${issue.format}`;
    case 'too_small':
      return issue.origin === 'string'
        ? 'is too short'
        : issue.origin === 'array'
          ? 'is empty'
          : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `is longer than ${String(issue.maximum)} characters`
        : `must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'not_multiple_of':
      return 'must be a whole number';
    case 'custom':
      return issue.message;
    default:
      return 'is not valid';
  }
}

/** The first issue, as "field: what is wrong". */
export function describeError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'is not valid';
  const where = path(issue);
  return where ? `${where} ${words(issue)}` : words(issue);
}

const field = (raw: unknown, name: string): unknown =>
  raw && typeof raw === 'object' && name in raw ? (raw as Record<string, unknown>)[name] : undefined;

/** A record as the report names it: its kind, the start of its text or title, and its id. */
export function recordLabel(kind: string, raw: unknown, name: string): string {
  const text = field(raw, name);
  const id = field(raw, 'id');
  const shown =
    typeof text === 'string' && text ? ` “${text.length > 60 ? `${text.slice(0, 59)}…` : text}”` : '';
  return `${kind}${shown}${typeof id === 'string' ? ` (${id})` : ''}`;
}
