// fake-indexeddb gives every unit test a real IndexedDB implementation; WXT's plugin resets the fake browser.
import 'fake-indexeddb/auto';
