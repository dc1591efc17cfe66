/**
 * FNV-1a over a line's UTF-16 units: capture's fence knows a block's intro in every language by its hash
 * (scripts/locales.ts writes the list into the build), not by its text, which would not fit a content script.
 */
export function introHash(line: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < line.length; i++) h = Math.imul(h ^ line.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
