// The worker side of the past index's protocol (lib/model/past.ts): one op against one engine. Pure over the
// engine, so Node tests run it on an in-memory database.
import type { PastOp, PastReply } from '../model/past';
import type { PastEngine } from './engine';
import { isMemoryOp, runMemoryOp } from './memory-ops';
import type { MemoryTable } from './memory-table';

export interface Disk {
  persistent: boolean;
  bytes(): Promise<number>;
}

/** The database's two indexes (#28): past chats' passages and memories, side by side. */
export interface Indexes {
  past: PastEngine;
  memories: MemoryTable;
}

export async function runOp({ past: engine, memories }: Indexes, op: PastOp, disk: Disk): Promise<PastReply> {
  if (isMemoryOp(op)) return runMemoryOp(memories, op);
  switch (op.op) {
    case 'open':
      return { empty: engine.open(op.redacted) || engine.metaOf('built') === null };
    case 'put':
      // One transaction per batch: a commit per conversation was ~2,000 journal writes for a 2,000-chat import.
      engine.putConversations(op.conversations);
      if (op.highWater && op.highWater > (engine.metaOf('highWater') ?? ''))
        engine.setMeta('highWater', op.highWater);
      if (op.built) engine.setMeta('built', '1');
      engine.setMeta('lastIndexedAt', new Date().toISOString());
      return {};
    case 'delete':
      engine.deleteConversations(op.keys);
      return {};
    case 'clear':
      engine.clear();
      return {};
    case 'query':
      return { hits: engine.query(op.query, { limit: op.limit, skipConversation: op.skipConversation }) };
    case 'stats':
      return {
        stats: {
          passages: engine.count(),
          bytesOnDisk: await disk.bytes(),
          highWater: engine.metaOf('highWater'),
          lastIndexedAt: engine.metaOf('lastIndexedAt'),
          pending: 0,
          persistent: disk.persistent,
        },
      };
  }
}
