// fake-indexeddb gives every unit test a real IndexedDB implementation; WXT's plugin resets the fake browser.
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { setIndexHost } from '../lib/background/recall/index-host';
import { memoryHost } from '../lib/past/memory-db';
import { resetSecretsForTests } from '../lib/store/secrets';

// The provider and key live in their own IndexedDB database (lib/store/secrets.ts): as fresh per test as the
// fake browser's storage.
beforeEach(() => resetSecretsForTests());
// The recall index (past chats and memories, #13, #28) runs on sqlite-wasm in memory, fresh per test: happy-dom has
// no offscreen document to host it.
beforeEach(() => setIndexHost(memoryHost()));
