// The recall index (past chats and memories, #13, #28) runs on sqlite-wasm in memory in unit tests: Node has no
// offscreen document to host it. A test file whose code reaches the index calls `withMemoryIndex()` at its top;
// the shared setup no longer does it for every file (#33: 30 modules and sqlite-wasm that most files never use).
import { beforeEach } from 'vitest';
import { resetRecallIndex } from '../../lib/background/recall/recall-area';
import { memoryHost } from '../../lib/past/memory-db';
import { loadEngines } from './engines';

/** A fresh in-memory index before each test of the calling file (`await` it at the top: ./engines.ts). */
export async function withMemoryIndex(): Promise<void> {
  beforeEach(() => resetRecallIndex(memoryHost()));
  await loadEngines();
}
