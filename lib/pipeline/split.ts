// Text cut to fit a token budget without losing or repeating a character (#12): a 1,500-word answer is
// larger than all the room a 4,096-token model has for new turns, so it is sent in pieces.

export type Cost = (text: string) => Promise<number>;

export interface Unit {
  text: string;
  tokens: number;
}

/** Paragraphs, then lines, then sentences, then words: the separator stays with the text before it. */
const LEVELS = [/(?<=\n[ \t]*\n)/, /(?<=\n)/, /(?<=[.!?;:。！？]\s)/, /(?<=\s)/];

/** A run with no separator left (CJK without spaces, a pasted blob), cut by code points. */
async function hardCut(text: string, max: number, cost: Cost, tokens: number): Promise<Unit[]> {
  const chars = [...text];
  const out: Unit[] = [];
  let size = Math.max(1, Math.floor((chars.length * max) / tokens));
  for (let i = 0; i < chars.length;) {
    const piece = chars.slice(i, i + size).join('');
    const n = await cost(piece);
    if (n > max && size > 1) {
      size = Math.max(1, Math.floor(size * 0.8));
      continue;
    }
    out.push({ text: piece, tokens: n });
    i += size;
  }
  return out;
}

/** `text` as consecutive units of at most `max` tokens each, as large as the separators allow. */
export async function unitsOf(text: string, max: number, cost: Cost, level = 0): Promise<Unit[]> {
  const tokens = await cost(text);
  if (tokens <= max) return [{ text, tokens }];
  const sep = LEVELS[level];
  if (!sep) return hardCut(text, max, cost, tokens);
  const parts = text.split(sep).filter((p) => p.length > 0);
  if (parts.length < 2) return unitsOf(text, max, cost, level + 1);
  const out: Unit[] = [];
  for (const p of parts) out.push(...(await unitsOf(p, max, cost, level + 1)));
  return out;
}

/** Units joined greedily into pieces of at most `max` tokens (counted as the sum of their units). */
export function pack(units: Unit[], max: number): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const last = out.at(-1);
    if (last && last.tokens + u.tokens <= max)
      out[out.length - 1] = { text: last.text + u.text, tokens: last.tokens + u.tokens };
    else out.push({ ...u });
  }
  return out;
}

export async function splitToFit(text: string, max: number, cost: Cost): Promise<Unit[]> {
  return pack(await unitsOf(text, max, cost), max);
}

/** The end of `text` within `max` tokens, marked with a leading "…" when anything was cut. */
export async function tailToFit(text: string, max: number, cost: Cost): Promise<Unit | null> {
  const units = await unitsOf(text, max, cost);
  const [only] = units;
  if (units.length === 1 && only && only.tokens <= max) return only;
  const mark = '… ';
  let room = max - (await cost(mark));
  const kept: Unit[] = [];
  for (const u of [...units].reverse()) {
    if (u.tokens > room) break;
    kept.unshift(u);
    room -= u.tokens;
  }
  const tail = kept.map((u) => u.text).join('');
  if (!tail.trim()) return null;
  return { text: `${mark}${tail.trimStart()}`, tokens: max - room };
}
