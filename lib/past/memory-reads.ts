// What a memory query reads from the memory table (./memory-table.ts), each in one statement that returns one
// string: stepping a statement and binding a string cost tens of µs each in sqlite-wasm, more than FTS5's own
// work (bench:recall at 10,000 memories: 16 posting-list queries and a row per candidate took most of a query;
// json_group_array over 400 rows' JSON 6.5 ms). Fields and rows are apart by the ASCII unit and record
// separators: JSON text escapes every control character, and stems are letters and digits.
import type { MemoryRow, Recallable } from '../recall/index';
import { Lengths, postingsOf, type HeldRow, type Postings } from './memory-cache';
import type { MemoryTable } from './memory-table';
import type { Value } from './statements';

const UNIT = '\u001f';
const RECORD = '\u001e';
const ROW = `rowid || char(31) || stems || char(31) || data`;
const json = (list: readonly unknown[]) => JSON.stringify(list);
const parsed = <T>(value: Value, empty: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : empty;

function records(value: Value): string[][] {
  return typeof value === 'string' && value ? value.split(RECORD).map((r) => r.split(UNIT)) : [];
}

/**
 * A row as recall reads it: its stems each once (recall compares sets of them: lib/recall/diverse.ts), so the
 * preview's worker splits a list rather than building a set for each line it compares (#39).
 */
const rowOf = ([rowid, stems = '', data = '{}']: string[]): [number, MemoryRow] => [
  Number(rowid),
  { memory: JSON.parse(data) as Recallable, stems: [...new Set(stems.split(' '))].join(' ') },
];

/** Document frequencies of these terms; a term no memory holds is left out. */
export function frequencies(table: MemoryTable, list: readonly string[]): Map<string, number> {
  if (list.length === 0) return new Map();
  const sql = `SELECT json_group_array(json_array(term, df)) FROM mterms
    WHERE df > 0 AND term IN (SELECT value FROM json_each(?))`;
  return new Map(parsed<[string, number][]>(table.read(sql, [json(list)]), []));
}

/** For each term, the held terms that begin with it and are longer, with their document frequencies. */
export function longer(table: MemoryTable, list: readonly string[]): [string, number][][] {
  if (list.length === 0) return [];
  const sql = `SELECT json_group_array(json((SELECT json_group_array(json_array(term, df)) FROM mterms
    WHERE term > j.value AND term < j.value || char(1114111) AND df > 0))) FROM json_each(?) j`;
  return parsed<[string, number][][]>(table.read(sql, [json(list)]), []);
}

/**
 * Each term's postings: those the worker holds, and the rest from FTS5's instance list in one read (a term's
 * instances row by row; a row that holds it twice is listed twice).
 */
export function postingsFor(table: MemoryTable, list: readonly string[]): Map<string, Postings> {
  const out = new Map<string, Postings>();
  const missing: string[] = [];
  for (const t of new Set(list)) {
    const held = table.cache.postingsOf(t);
    if (held) out.set(t, held);
    else missing.push(t);
  }
  if (missing.length === 0) return out;
  const sql = `SELECT json_group_array(coalesce((SELECT group_concat(doc) FROM minst WHERE term = j.value), ''))
    FROM json_each(?) j`;
  parsed<string[]>(table.read(sql, [json(missing)]), []).forEach((docs, i) => {
    const term = missing[i] ?? '';
    const postings = postingsOf(docs);
    table.cache.keepPostings(term, postings);
    out.set(term, postings);
  });
  return out;
}

/** Every row's length (distinct stems), read once and then kept in step by the table's writes. */
export function lengthsOf(table: MemoryTable): Lengths {
  if (table.cache.lengths) return table.cache.lengths;
  const text = table.read(`SELECT group_concat(rowid || ',' || len) FROM mems`, []);
  const flat = typeof text === 'string' && text ? text.split(',').map(Number) : [];
  const lengths = new Lengths();
  for (let i = 0; i + 1 < flat.length; i += 2) lengths.set(flat[i] ?? 0, flat[i + 1] ?? 1);
  table.cache.lengths = lengths;
  return lengths;
}

/**
 * The rows of these rowids (those the worker holds, the rest read and then held), every standing rule and pinned
 * memory, and the rows of these ids, in one read.
 */
export function rowsFor(table: MemoryTable, rowids: readonly number[], ids: readonly string[]) {
  const hits: (HeldRow | undefined)[] = rowids.map((rowid) => table.cache.row(rowid));
  const out = { hits, reserved: [] as MemoryRow[], extra: [] as MemoryRow[] };
  const at = new Map<number, number>();
  rowids.forEach((rowid, i) => void (hits[i] ? undefined : at.set(rowid, i)));
  const missing = [...at.keys()];
  const held = table.cache.reserved;
  const text = table.read(
    `SELECT group_concat(x, char(30)) FROM (
       SELECT 'h' || char(31) || ${ROW} AS x FROM mems WHERE rowid IN (SELECT value FROM json_each(?1))
       UNION ALL SELECT 'r' || char(31) || ${ROW} FROM mems WHERE reserved = 1 AND ?3
       UNION ALL SELECT 'x' || char(31) || ${ROW} FROM mems WHERE id IN (SELECT value FROM json_each(?2)))`,
    [json(missing), json(ids), held ? 0 : 1],
  );
  for (const [kind, ...fields] of records(text)) {
    const [rowid, row] = rowOf(fields);
    if (kind === 'h') {
      const hit = { ...row, mentioned: Date.parse(row.memory.mentionedAt) };
      const i = at.get(rowid);
      if (i !== undefined) hits[i] = hit;
      table.cache.keepRow(rowid, hit);
    } else (kind === 'r' ? out.reserved : out.extra).push(row);
  }
  if (held) out.reserved = held;
  else table.cache.reserved = out.reserved;
  return out;
}

/** Every profile and preference memory in these scopes (null: any scope). */
export function profileRows(table: MemoryTable, scopes: readonly string[] | null): MemoryRow[] {
  const scoped = scopes ? 'AND scope IN (SELECT value FROM json_each(?))' : '';
  const sql = `SELECT group_concat(${ROW}, char(30)) FROM mems WHERE type IN ('profile', 'preference') ${scoped}`;
  return records(table.read(sql, scopes ? [json(scopes)] : [])).map((r) => rowOf(r)[1]);
}
