// The one notification of committed store changes (#12). Every in-memory view of the store (recall's memory
// index, the past-turn index, the embedding sync, the queue's running jobs) subscribes here and follows each
// delete, restore and import at once, instead of each write path remembering to reset each index (a reset
// that Delete everything did for memories only left deleted chats quoted until the worker restarted).
// lib/store emits after its transaction commits; listeners run synchronously and must not throw.
import type { Memory } from '../model/records';

export type StoreChange =
  /** Memories written with these values (any status): an index keeps the active ones and drops the rest. */
  | { kind: 'memories'; memories: readonly Memory[] }
  /** Memories deleted forever (purge). */
  | { kind: 'memoriesPurged'; ids: readonly string[] }
  /** Turns of these conversations were added, changed or superseded (capture, import). */
  | { kind: 'turns'; conversationKeys: readonly string[] }
  /** These conversations, their turns and their jobs are gone. */
  | { kind: 'conversationsDeleted'; keys: readonly string[] }
  /** Delete everything: every data table was emptied. */
  | { kind: 'cleared' };

type Listener = (change: StoreChange) => void;
const listeners = new Set<Listener>();

/** Calls back after each committed change in this context; returns the unsubscribe. */
export function onStoreChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitStoreChange(change: StoreChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (e) {
      // One broken follower must not keep the others (or the writer) from hearing of the change.
      console.error('Engram: a store-change listener failed', e);
    }
  }
}
