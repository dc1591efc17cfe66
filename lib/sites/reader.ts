// One message row of a thread → one turn, or a turn the reader could not read (#36). A reader that cannot find a
// message's text reads nothing for it and says so (capture health in the popup and Activity): it never falls back
// to the row's whole text, which holds labels, buttons and, on a changed layout, a neighbour's message.
import { readableText, type ReadableOptions } from './text';
import type { ParsedTurn } from './types';

type Role = ParsedTurn['role'];

/** A missed turn: the row shows text a person reads, but not where this reader looks for the message. */
export function missedTurn(role: Role | null): ParsedTurn {
  return { siteMessageId: null, role: role ?? 'assistant', text: '', missed: true };
}

/**
 * The row's turn when both its role and its text were found; a missed turn when either was not but the row shows
 * text (chrome in `options.drop` aside); nothing for a row with nothing to read (an image-only prompt, a spacer).
 */
export function rowTurn(
  row: Element,
  role: Role | null,
  text: string,
  options: ReadableOptions = {},
  siteMessageId: string | null = null,
): ParsedTurn[] {
  if (role && text) return [{ siteMessageId, role, text }];
  return readableText(row, options) === '' ? [] : [missedTurn(role)];
}

/** Consecutive answer parts between two prompts are one answer (AI Studio's output rows, Claude's rows: #14). */
export function joinAnswers(turns: ParsedTurn[]): ParsedTurn[] {
  return turns.reduce<ParsedTurn[]>((out, turn) => {
    const last = out.at(-1);
    if (last?.role === 'assistant' && turn.role === 'assistant' && !last.missed && !turn.missed)
      out[out.length - 1] = { ...last, text: `${last.text}\n\n${turn.text}` };
    else out.push(turn);
    return out;
  }, []);
}
