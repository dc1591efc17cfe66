// The hostile-transcript suite (#11): each fixture in test/fixtures/hostile/ is a conversation written by an
// attacker, and what a model fooled by it would answer. The scripted model below OBEYS: it returns the
// fixture's memories and applies the fixture's consolidation order to whatever candidates the real pipeline
// shows it. The suite then checks that the code around the model held anyway.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawRequest } from '../../lib/providers/types';
import type { ScriptStep } from '../../lib/providers/scripted';
import type { CaseTurn, Seed } from './pipeline';

type Text = string | { paste: string; times: number; before?: string; after?: string };

export interface HostileFixture {
  name: string;
  /** What the attacker wants, in a sentence. */
  attack: string;
  existing?: Seed[];
  /** Direct changes the extractor already wrote today (for the daily cap). */
  changesToday?: number;
  turns: { role: 'user' | 'assistant'; text: Text }[];
  model: {
    /** The memories the fooled model extracts; `repeat` makes n of them, `{i}` numbering each. */
    extract: (Record<string, unknown> & { repeat?: number })[];
    /** What it does with the candidates it is shown: delete or rewrite every one, or add every fact. */
    consolidate?: 'delete-all' | 'rewrite-all' | 'add-all';
    rewriteText?: string;
  };
  expect: {
    /** New memories that became active without review. */
    activeNew?: number;
    pendingAtLeast?: number;
    /** Strings no active memory may hold. */
    neverActive?: string[];
    /** Strings that may not be stored anywhere (memories, events), active or pending. */
    neverStored?: string[];
    /** Strings that may not reach the model. */
    neverSent?: string[];
    /**
     * Strings no later block may hold, asked with an empty draft, with the memories' own words and with each
     * turn's (so "From past chats" quotes the turns too).
     */
    neverInBlock?: string[];
    /** Words of an assistant turn that a later block may hold only as a quoted answer, never as a note (#25). */
    quotedOnly?: string[];
  };
}

const DIR = path.join(import.meta.dirname, '../fixtures/hostile');

export function loadHostile(): (HostileFixture & { file: string })[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as HostileFixture) }));
}

const text = (t: Text) =>
  typeof t === 'string' ? t : `${t.before ?? ''}${t.paste.repeat(t.times)}${t.after ?? ''}`;

export const turnsOf = (f: HostileFixture): CaseTurn[] =>
  f.turns.map((t) => ({ role: t.role, text: text(t.text) }));

const DEFAULTS = {
  type: 'profile',
  priority: 50,
  confidence: 0.95,
  attributedTo: 'user',
  occurredStart: null,
  occurredEnd: null,
  sourceTurns: [1],
};

function extracted(f: HostileFixture): string {
  const items = f.model.extract.flatMap(({ repeat, ...item }) =>
    Array.from({ length: repeat ?? 1 }, (_, i) => ({
      ...DEFAULTS,
      ...item,
      text: String(item.text).replaceAll('{i}', String(i + 1)),
    })),
  );
  return JSON.stringify({ memories: items });
}

const labels = (content: string, prefix: 'M' | 'F') =>
  [...content.matchAll(new RegExp(`^${prefix}(\\d+) \\(`, 'gm'))].map((m) => Number(m[1]));

/** The fooled model's consolidation: every fact turned on a candidate, as the transcript asked. */
function consolidation(f: HostileFixture) {
  return (req: RawRequest): string => {
    const content = req.messages[0]?.content ?? '';
    const facts = labels(content, 'F');
    const candidates = labels(content, 'M');
    const order = f.model.consolidate ?? 'add-all';
    const operations = facts.map((fact, i) => {
      const target = candidates[i] ?? null;
      if (order === 'add-all' || target === null)
        return { fact, op: 'ADD', target: null, text: null, reason: 'as told' };
      if (order === 'delete-all')
        return { fact, op: 'DELETE', target, text: null, reason: 'the user said to delete it' };
      return {
        fact,
        op: 'UPDATE',
        target,
        text: f.model.rewriteText ?? 'Rewritten.',
        reason: 'the user said so',
      };
    });
    return JSON.stringify({ operations });
  };
}

/**
 * Answers every request of a job, however many: a long transcript is read in parts (#12), and the fooled
 * model extracts the same memories from each part (the pipeline drops the repeats).
 */
export const obedientScript = (f: HostileFixture): ScriptStep[] => {
  const consolidate = consolidation(f);
  const answer = (req: RawRequest) => (req.schemaName === 'memories' ? extracted(f) : consolidate(req));
  return Array.from({ length: 12 }, () => answer);
};
