// What a memory query reads from the memory table (./memory-table.ts), each in one statement that returns one
// string: stepping a statement and binding a string cost tens of µs each in sqlite-wasm, more than FTS5's own
// work (bench:recall at 10,000 memories: 16 posting-list queries and a row per candidate took most of a query;
// json_group_array over 400 rows' JSON 6.5 ms). Fields and rows are apart by the ASCII unit and record
// separators: JSON text escapes every control character, and stems are letters and digits.
import type { MemoryRow, Recallable } from '../recall/index';
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

const rowOf = ([rowid, stems = '', data = '{}']: string[]): [number, MemoryRow] => [
  Number(rowid),
  { memory: JSON.parse(data) as Recallable, stems },
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

/** For each FTS5 MATCH expression, the rowids of the memories it finds. */
export function postings(table: MemoryTable, matches: readonly string[]): number[][] {
  const sql = `SELECT json_group_array(coalesce((SELECT group_concat(rowid) FROM mfts WHERE mfts MATCH j.value), ''))
    FROM json_each(?) j`;
  const lists = parsed<string[]>(table.read(sql, [json(matches)]), []);
  return lists.map((list) => (list ? list.split(',').map(Number) : []));
}

/** The rowid, stems and length (distinct stems) of each memory an FTS5 MATCH finds, or of these rowids. */
export function stemsOf(table: MemoryTable, where: { match: string } | { rowids: readonly number[] }) {
  const fields = 'm.rowid || char(31) || m.stems || char(31) || m.len';
  const text =
    'match' in where
      ? table.read(
          `SELECT group_concat(${fields}, char(30)) FROM
             (SELECT rowid FROM mfts WHERE mfts MATCH ?) f JOIN mems m ON m.rowid = f.rowid`,
          [where.match],
        )
      : table.read(
          `SELECT group_concat(${fields}, char(30)) FROM mems m WHERE rowid IN (SELECT value FROM json_each(?))`,
          [json(where.rowids)],
        );
  return records(text).map(([rowid, stems = '', len]): [number, string, number] => [
    Number(rowid),
    stems,
    Number(len),
  ]);
}

/** The rows of these rowids, every standing rule and pinned memory, and the rows of these ids, in one read. */
export function rowsFor(table: MemoryTable, rowids: readonly number[], ids: readonly string[]) {
  const text = table.read(
    `SELECT group_concat(x, char(30)) FROM (
       SELECT 'h' || char(31) || ${ROW} AS x FROM mems WHERE rowid IN (SELECT value FROM json_each(?1))
       UNION ALL SELECT 'r' || char(31) || ${ROW} FROM mems WHERE reserved = 1
       UNION ALL SELECT 'x' || char(31) || ${ROW} FROM mems WHERE id IN (SELECT value FROM json_each(?2)))`,
    [json(rowids), json(ids)],
  );
  const out = { hits: new Map<number, MemoryRow>(), reserved: [] as MemoryRow[], extra: [] as MemoryRow[] };
  for (const [kind, ...fields] of records(text)) {
    const [rowid, row] = rowOf(fields);
    if (kind === 'h') out.hits.set(rowid, row);
    else (kind === 'r' ? out.reserved : out.extra).push(row);
  }
  return out;
}

/** Every profile and preference memory in these scopes (null: any scope). */
export function profileRows(table: MemoryTable, scopes: readonly string[] | null): MemoryRow[] {
  const scoped = scopes ? 'AND scope IN (SELECT value FROM json_each(?))' : '';
  const sql = `SELECT group_concat(${ROW}, char(30)) FROM mems WHERE type IN ('profile', 'preference') ${scoped}`;
  return records(table.read(sql, scopes ? [json(scopes)] : [])).map((r) => rowOf(r)[1]);
}
