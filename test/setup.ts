// fake-indexeddb gives every unit test a real IndexedDB implementation; WXT's plugin resets the fake browser.
// Kept small on purpose (#33): this file runs before every test file, so whatever it imports every file pays for.
// A test that needs the recall index says so (test/helpers/index-host.ts `withMemoryIndex`).
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { deleteSecrets } from '../lib/store/secrets';

// The provider and key live in their own IndexedDB database (lib/store/secrets.ts): as fresh per test as the
// fake browser's storage.
beforeEach(() => deleteSecrets());

// Component tests read English (#37): react-i18next's hooks use the page's one instance, reset to English
// before each test so a test that switches language cannot leak into the next.
import { setI18n } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n';

setI18n(i18n);
beforeEach(async () => {
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
