// A job's new turns cut into parts that each fit one request (#12). Every new turn is sent exactly once, in
// order, whole or in consecutive pieces; each part keeps the turns before it as context; a job makes at most
// `partsPerJob` requests and the turns after its last one wait for the next job.
import { renderTurn } from '../../prompts/render';
import { splitToFit, tailToFit, type Cost, type Unit } from './split';

export interface PlanTurn {
  id: string;
  order: number;
  role: 'user' | 'assistant';
  /** The message's own time (site timestamp, else capture time). */
  at: string;
  /** Redacted already: what the model may see. */
  text: string;
}

/** One turn, or one piece of a turn too long for a part: `piece` of `pieces`. */
export interface Piece {
  turn: PlanTurn;
  text: string;
  piece: number;
  pieces: number;
}

export interface Part {
  /** Earlier turns for resolving references, nearest last, tail-cut to the context room. */
  context: PlanTurn[];
  fresh: Piece[];
  tokens: number;
}

export interface JobPlan {
  parts: Part[];
  /** The last turn order this job covers; later turns are the next job's. */
  toOrder: number;
  /** A first turn longer than a whole job reads: how much of it was read. */
  cut: { order: number; readTokens: number; totalTokens: number } | null;
}

export interface Room {
  /** New-turn tokens per part, as rendered (header, indents). */
  freshTokens: number;
  contextTokens: number;
  contextTurns: number;
  partsPerJob: number;
}

/** The header and the indents a turn gets in the prompt, counted with the turn. */
const header = (t: PlanTurn, text: string) =>
  renderTurn({ label: 999, role: `${t.role} part 99/99`, at: t.at.slice(0, 10), text });

async function piecesOf(turn: PlanTurn, room: Room, cost: Cost): Promise<Unit[]> {
  const whole = await cost(header(turn, turn.text));
  if (whole <= room.freshTokens) return [{ text: turn.text, tokens: whole }];
  const head = await cost(header(turn, ''));
  // Each continuation line gains an indent: one more token per line, counted with its piece.
  const lineCost: Cost = async (s) => (await cost(s)) + (s.match(/\n/g)?.length ?? 0);
  return splitToFit(turn.text, room.freshTokens - head, lineCost).then((units) =>
    units.map((u) => ({ text: u.text, tokens: u.tokens + head })),
  );
}

async function contextOf(earlier: PlanTurn[], room: Room, cost: Cost): Promise<PlanTurn[]> {
  const out: PlanTurn[] = [];
  let left = room.contextTokens;
  for (const t of earlier.slice(-room.contextTurns).reverse()) {
    const head = await cost(header(t, ''));
    if (left - head < 16) break;
    const kept = await tailToFit(t.text, left - head, cost);
    if (!kept) break;
    out.unshift({ ...t, text: kept.text });
    left -= kept.tokens + head;
  }
  return out;
}

/** Cuts `fresh` into parts; `before` are the visible turns before them (context for the first part). */
export async function planJob(
  before: PlanTurn[],
  fresh: PlanTurn[],
  room: Room,
  cost: Cost,
): Promise<JobPlan> {
  const parts: { fresh: Piece[]; tokens: number }[] = [];
  let toOrder = before.at(-1)?.order ?? -1;
  let cut: JobPlan['cut'] = null;
  for (const turn of fresh) {
    const units = await piecesOf(turn, room, cost);
    const trial = parts.map((p) => ({ ...p, fresh: [...p.fresh] }));
    let placed = 0;
    for (const [i, u] of units.entries()) {
      const last = trial.at(-1);
      const piece = { turn, text: u.text, piece: i + 1, pieces: units.length };
      if (last && last.tokens + u.tokens <= room.freshTokens) {
        last.fresh.push(piece);
        last.tokens += u.tokens;
      } else if (trial.length < room.partsPerJob) trial.push({ fresh: [piece], tokens: u.tokens });
      else break;
      placed++;
    }
    if (placed < units.length && parts.length > 0) break;
    parts.splice(0, parts.length, ...trial);
    toOrder = turn.order;
    if (placed < units.length) {
      const read = units.slice(0, placed).reduce((n, u) => n + u.tokens, 0);
      cut = { order: turn.order, readTokens: read, totalTokens: units.reduce((n, u) => n + u.tokens, 0) };
      break;
    }
  }
  const all = [...before, ...fresh];
  const out: Part[] = [];
  for (const p of parts) {
    const first = all.findIndex((t) => t === p.fresh[0]?.turn);
    out.push({ ...p, context: await contextOf(all.slice(0, first), room, cost) });
  }
  return { parts: out, toOrder, cut };
}
