// What Engram declares to the stores about the data it sends off this computer (#35), in one place: the
// Firefox manifest's data_collection_permissions come from here, PRIVACY.md names the same categories, and
// test/privacy.test.ts holds the two together and checks that every claim in PRIVACY.md names a test that exists.
//
// Engram has no server and collects nothing for its developers. But Mozilla counts as "collection" any data an
// add-on transmits off the device, whoever receives it: the chats Engram reads (website content, and the
// person's own messages) go to the model provider the person chooses, encrypted to their sync storage, and to
// their desktop apps on this computer. So 'none' (declared before #35) was not true.

/** Firefox's categories (https://extensionworkshop.com/documentation/develop/firefox-builtin-data-consent/). */
export const DATA_COLLECTION = {
  required: ['websiteContent', 'personalCommunications'],
} as const;
