// The worker side of the memory table's ops (lib/model/past.ts, #28): pure over the table, so Node tests run
// them on an in-memory database as the extension's worker does on OPFS.
import type { PastOp, PastReply } from '../model/past';
import { answerMemories } from './memory-answer';
import type { MemoryTable } from './memory-table';

export type MemoryOp = Extract<PastOp, { op: `mem${string}` }>;

export const isMemoryOp = (op: PastOp): op is MemoryOp => op.op.startsWith('mem');

const stateOf = (table: MemoryTable, empty = false): PastReply => ({
  memoryTable: {
    empty: empty || table.meta('memBuilt') === null,
    count: table.size,
    highWater: table.meta('memHighWater'),
  },
});

export function runMemoryOp(table: MemoryTable, op: MemoryOp): PastReply {
  switch (op.op) {
    case 'memOpen':
      return stateOf(table, table.open());
    case 'memPut':
      table.put(op.memories, op.highWater);
      if (op.built) table.setMeta('memBuilt', '1');
      return stateOf(table);
    case 'memDelete':
      table.remove(op.ids);
      return stateOf(table);
    case 'memClear':
      table.clear();
      return stateOf(table);
    case 'memIds':
      return { memoryIds: table.ids() };
    case 'memQuery':
      return { memories: answerMemories(table, op), ...stateOf(table) };
  }
}
