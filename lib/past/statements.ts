// Prepared statements for the past index (#13), each compiled once: compiling SQL for every row was a large
// share of indexing time (bench/past-engines.ts: 0.30 -> 0.17 ms per passage with the v2 schema).
import type { Database } from '@sqlite.org/sqlite-wasm';

type Statement = ReturnType<Database['prepare']>;
export type Value = string | number | null;

/** Ready for its next use, also after a failed step (whose own error is the one thrown). */
function settle(st: Statement): void {
  try {
    st.reset(true);
  } catch {
    // sqlite3_reset repeats the failed step's error code.
  }
}

export class Statements {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Pick<Database, 'prepare'>) {}

  run(sql: string, bind: Value[]): void {
    const st = this.statement(sql);
    try {
      (bind.length > 0 ? st.bind(bind) : st).step();
    } finally {
      settle(st);
    }
  }

  all(sql: string, bind: Value[]): Value[][] {
    const st = this.statement(sql);
    if (bind.length > 0) st.bind(bind);
    const out: Value[][] = [];
    try {
      while (st.step()) out.push(st.get([]) as Value[]);
    } finally {
      settle(st);
    }
    return out;
  }

  /** Before tables are dropped or rebuilt: a statement compiled against them must not outlive them. */
  forget(): void {
    for (const st of this.cache.values()) st.finalize();
    this.cache.clear();
  }

  private statement(sql: string): Statement {
    let st = this.cache.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.cache.set(sql, st);
    }
    return st;
  }
}
