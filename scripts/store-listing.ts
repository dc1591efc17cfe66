// docs/store-listing.md as the catalogues make it (#37), so the page a reviewer or a store form reads is the text
// the build ships: `npm run docs:store-listing` writes it (./write-store-listing.ts), and
// test/docs/store-listing.test.ts fails when the file and this differ.
import { readCatalogues } from './locales';

const HEAD = `# Store listing (#37)

The store listing in every language, from \`locales/<code>.json\` (\`manifest\` and \`store\`); the build writes the
name, the short description and the shortcut's description into \`_locales/<locale>/messages.json\` (\`scripts/locales.ts\`).
The short description is at most 132 characters in every language (\`lib/i18n/catalogue.test.ts\`). This page is
written by \`npm run docs:store-listing\`; edit the catalogues, never this file.
`;

/** English first, then by code, as Settings → Language lists them. */
export function storeListing(): string {
  const codes = [...readCatalogues().keys()].sort((a, b) =>
    a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b),
  );
  const all = readCatalogues();
  const parts = codes.map((code) => {
    const c = all.get(code)!;
    return [
      `## ${c.language.name} (${code})`,
      `**Name:** ${c.manifest.name}`,
      `**Short description:** ${c.manifest.description}`,
      `**Summary:** ${c.store.summary}`,
      `**Keyboard shortcut:** ${c.manifest.command}`,
      '**Description:**',
      c.store.description,
    ].join('\n\n');
  });
  return `${HEAD}\n${parts.join('\n\n')}\n`;
}
