// Imports (#12): a chunk of an export file, checked record by record; and the memories a chat site saved itself,
// read by that site's tab with the person's session (#3), page data the background validates.
import type { HandlersFor } from '../../messaging/background';
import { sendToTab } from '../../messaging/tab';
import { handleImportChunk } from './import-chunk';
import { importVendorMemories } from './vendor-memories';

export const importHandlers: HandlersFor<'importChunk' | 'importVendorMemories'> = {
  importChunk: async (chunk) => handleImportChunk(chunk),
  importVendorMemories: async ({ tabId }) =>
    importVendorMemories(await sendToTab('readVendorMemories', undefined, tabId)),
};
