// The settings the options page shows (#6): one line each on what it does, and what a bad value should be.
// Model and prompt settings belong to the extraction issue's "Model" section (#4); the per-site switches to
// Sites (SitesSettings.tsx, #24), which apply at once.
export interface FieldDef {
  path: string;
  label: string;
  hint: string;
  kind: 'number' | 'bool' | 'text';
  /** Shown when the schema (lib/model/settings.ts) rejects the value. */
  invalid?: string;
}

export const GROUPS: { title: string; fields: FieldDef[] }[] = [
  {
    title: 'Recall',
    fields: [
      {
        path: 'recall.budgetTokens',
        label: 'Token budget',
        kind: 'number',
        hint: 'The most tokens the memory block may add to a prompt.',
        invalid: 'Enter a whole number of tokens from 100 to 8000.',
      },
      {
        path: 'recall.semantic',
        label: 'Match by meaning',
        kind: 'bool',
        hint: 'Also find memories with similar meaning, not only the same words.',
      },
      {
        path: 'recall.embeddingModel',
        label: 'Embedding model',
        kind: 'text',
        hint: 'Asked of the OpenAI-compatible provider set in Model; each memory is embedded once per model.',
        invalid: 'Enter the name of an embedding model, e.g. text-embedding-3-small.',
      },
      {
        path: 'recall.rawTurns',
        label: 'Include past turns',
        kind: 'bool',
        hint: 'Add short quotes from past conversations when they fit the budget.',
      },
      {
        path: 'recall.offerOnNewChats',
        label: 'Offer on new chats',
        kind: 'bool',
        hint: 'Suggest inserting memories when you open a new chat.',
      },
    ],
  },
  {
    title: 'Capture',
    fields: [
      {
        path: 'capture.paused',
        label: 'Pause all capture',
        kind: 'bool',
        hint: 'Stop reading every site until you turn this off.',
      },
      {
        path: 'capture.idleDelaySec',
        label: 'Idle delay (seconds)',
        kind: 'number',
        hint: 'How long a conversation must be quiet before Engram reads it for memories.',
        invalid: 'Enter a whole number of seconds from 10 to 3600.',
      },
      {
        path: 'capture.allowIncognito',
        label: 'Capture in incognito',
        kind: 'bool',
        hint: 'Off by default: private windows stay private.',
      },
    ],
  },
  {
    title: 'Privacy',
    fields: [
      {
        path: 'privacy.redact',
        label: 'Redact secrets',
        kind: 'bool',
        // Exactly what lib/pipeline/redact.ts removes (its corpus test); emails and phone numbers stay (#11).
        hint: 'Remove API keys, tokens, private keys, passwords, card numbers, IBANs and US SSNs before text leaves for a model or the chat, and from memories the extractor saves.',
      },
      {
        path: 'privacy.reviewMode',
        label: 'Ask me before saving',
        kind: 'bool',
        hint: 'New memories and changes wait in Review until you approve them.',
      },
    ],
  },
  {
    title: 'Limits',
    fields: [
      {
        path: 'limits.dailyChanges',
        label: 'Changes per day',
        kind: 'number',
        hint: 'How many memories the extractor may add, change or delete in a day (UTC) before the rest waits in Review.',
        invalid: 'Enter a whole number of changes from 1 to 100000.',
      },
      {
        path: 'limits.dailyTokens',
        label: 'Tokens per day',
        kind: 'number',
        hint: 'How many tokens extraction may spend in a day (UTC); past it, jobs wait for the next day.',
        invalid: 'Enter a whole number of tokens from 1000 to 1000000000.',
      },
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
