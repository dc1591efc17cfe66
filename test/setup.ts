// fake-indexeddb gives every unit test a real IndexedDB implementation; WXT's plugin resets the fake browser.
// Kept small on purpose (#33): this file runs before every test file, so whatever it imports every file pays for.
// A test that needs the recall index says so (test/helpers/index-host.ts `withMemoryIndex`).
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { resetSecretsForTests } from '../lib/store/secrets';

// The provider and key live in their own IndexedDB database (lib/store/secrets.ts): as fresh per test as the
// fake browser's storage.
beforeEach(() => resetSecretsForTests());
