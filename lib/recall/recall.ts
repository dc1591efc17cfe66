// From a request (draft, recent turns, scope, budget) to the chosen lines and the block text. Pure: the
// background owns the index and passes it in; the eval and the bench call this same function.
import { renderBlock } from './block';
import type { RecallIndex, Recallable } from './index';
import { rankMemories, rankProfile, type Ranked } from './rank';
import { fillRelevant, fillReserved, Packer, toLine, type Chosen, type PackOptions } from './select';

export type QueryMode = 'draft' | 'recent' | 'profile';

export interface RecallInput {
  draft: string;
  /** The conversation's last turns, newest last. */
  recent: readonly string[];
  /** Scopes a memory may have to be recalled here ("global", "site:chatgpt", a project key); null: all. */
  scopes: ReadonlySet<string> | null;
  budgetTokens: number;
  /** Memories the user removed in the preview. */
  exclude?: readonly string[];
  now: number;
  semantic?: readonly string[] | null;
  /** Ranked raw past turns for "From past chats", when that setting is on. */
  pastTurns?: readonly Recallable[];
  pack?: Partial<PackOptions>;
}

export interface RecallResult {
  mode: QueryMode;
  query: string;
  lines: Chosen[];
  text: string;
  tokens: number;
  budgetTokens: number;
}

// Recent turns: the newest matter most, and a whole long chat would drown the rare terms that decide.
const RECENT_TURNS = 4;
const RECENT_CHARS = 2000;

export function buildQuery(draft: string, recent: readonly string[]): { mode: QueryMode; query: string } {
  if (draft.trim()) return { mode: 'draft', query: draft.trim() };
  const joined = recent.slice(-RECENT_TURNS).join('\n').trim();
  if (joined) return { mode: 'recent', query: joined.slice(-RECENT_CHARS) };
  return { mode: 'profile', query: '' };
}

function reservedOf(index: RecallIndex, input: RecallInput, excluded: ReadonlySet<string>): Recallable[] {
  return index.reserved().filter((m) => !excluded.has(m.id) && (!input.scopes || input.scopes.has(m.scope)));
}

export function recall(index: RecallIndex, input: RecallInput): RecallResult {
  const { mode, query } = buildQuery(input.draft, input.recent);
  const excluded = new Set(input.exclude ?? []);
  const options: PackOptions = { ...input.pack, budgetTokens: input.budgetTokens };
  const rankOptions = { now: input.now, scopes: input.scopes, semantic: input.semantic };
  const packer = new Packer(input.budgetTokens);
  fillReserved(packer, reservedOf(index, input, excluded), options);
  const ranked: Ranked[] = (
    mode === 'profile' ? rankProfile(index, rankOptions) : rankMemories(index, query, rankOptions)
  ).filter((r) => !excluded.has(r.memory.id));
  fillRelevant(packer, ranked, options);
  for (const turn of input.pastTurns ?? []) {
    if (!excluded.has(turn.id)) packer.take(toLine(turn, 'past'));
  }
  const text = packer.chosen.length > 0 ? renderBlock(packer.chosen) : '';
  return { mode, query, lines: packer.chosen, text, tokens: packer.used, budgetTokens: input.budgetTokens };
}
