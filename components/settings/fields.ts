// The settings the options page shows (#6): one line each on what it does, and what a bad value should be.
// Model and prompt settings belong to the extraction issue's "Model" section (#4); the per-site switches to
// Sites (SitesSettings.tsx, #24), which apply at once.
/** Each field's words are settings.field.<path>.label / .hint / .invalid in the catalogue (#37). */
export interface FieldDef {
  path: FieldPath;
  kind: 'number' | 'bool' | 'text';
}

/** The fields whose catalogue entry says what a bad value should be (settings.field.<path>.invalid). */
export const CHECKED = [
  'recall.budgetTokens',
  'recall.embeddingModel',
  'capture.idleDelaySec',
  'limits.dailyChanges',
  'limits.dailyTokens',
] as const;

export const isChecked = (path: string): path is (typeof CHECKED)[number] =>
  (CHECKED as readonly string[]).includes(path);

export type FieldPath =
  | 'recall.budgetTokens'
  | 'recall.semantic'
  | 'recall.embeddingModel'
  | 'recall.rawTurns'
  | 'recall.offerOnNewChats'
  | 'capture.paused'
  | 'capture.idleDelaySec'
  | 'capture.allowIncognito'
  | 'privacy.redact'
  | 'privacy.reviewMode'
  | 'limits.dailyChanges'
  | 'limits.dailyTokens';

export type GroupId = 'recall' | 'capture' | 'privacy' | 'limits';

export const GROUPS: { id: GroupId; fields: FieldDef[] }[] = [
  {
    id: 'recall',
    fields: [
      { path: 'recall.budgetTokens', kind: 'number' },
      { path: 'recall.semantic', kind: 'bool' },
      { path: 'recall.embeddingModel', kind: 'text' },
      { path: 'recall.rawTurns', kind: 'bool' },
      { path: 'recall.offerOnNewChats', kind: 'bool' },
    ],
  },
  {
    id: 'capture',
    fields: [
      { path: 'capture.paused', kind: 'bool' },
      { path: 'capture.idleDelaySec', kind: 'number' },
      { path: 'capture.allowIncognito', kind: 'bool' },
    ],
  },
  {
    id: 'privacy',
    fields: [
      // Its hint says exactly what lib/pipeline/redact.ts removes (its corpus test); emails and phones stay (#11).
      { path: 'privacy.redact', kind: 'bool' },
      { path: 'privacy.reviewMode', kind: 'bool' },
    ],
  },
  {
    id: 'limits',
    fields: [
      { path: 'limits.dailyChanges', kind: 'number' },
      { path: 'limits.dailyTokens', kind: 'number' },
    ],
  },
];

type Tree = { [key: string]: unknown };

export function getIn(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
}

/** A copy of `tree` with the value at `path` replaced; the rest is shared. */
export function setIn<T>(tree: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return tree;
  const node = tree as Tree;
  return { ...node, [head]: rest.length ? setIn(node[head], rest.join('.'), value) : value } as T;
}
