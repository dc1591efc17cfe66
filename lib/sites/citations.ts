// ChatGPT's inline reference markup, out of stored text (#12). Answers carry markers built from private-use
// characters: U+E200 opens, U+E202 separates, U+E201 closes, e.g. "\uE200cite\uE202turn0search0\uE201" (a
// citation pill), "\uE200entity\uE202["city","Porto"]\uE201" (a linked name the page shows as "Porto"),
// "\uE200filecite\uE202turn0file0\uE202L8-L13\uE201", navlist, image_group. The page renders them as pills
// and links, so the text a person reads has none of the markup. Used for every capture and import path: the
// store's recordsOfExport (lib/store/conversation-records.ts) is where site JSON, page captures and exports all
// pass.

const MARKER = /[ \t]*\uE200([a-z_]+)((?:\uE202[^\uE200-\uE2FF]*)*)\uE201/g;
/** A marker cut off before its close (a streamed answer captured mid-way). */
const OPEN = /[ \t]*\uE200[a-z_]*(?:\uE202[^\uE200-\uE2FF\s]*)*/g;
const STRAY = /[\uE200-\uE2FF]/g;
/** What is left of a citation when something upstream already dropped the private-use characters. */
const BARE_CITE = /[ \t]*\b(?:file)?cite(?:turn\d+[a-z]+\d+)+(?:L\d+(?:-L\d+)?)?\b/g;

/** The name a linked entity shows: `["city","Porto"]` → "Porto"; plain text stays as it is. */
function entityName(arg: string): string {
  try {
    const parsed: unknown = JSON.parse(arg);
    if (Array.isArray(parsed)) {
      const name = parsed[1] ?? parsed[0];
      return typeof name === 'string' ? name : '';
    }
  } catch {
    // Not JSON: the argument is the name itself.
  }
  return arg;
}

function replace(match: string, kind: string, args: string): string {
  const parts = args.split('\uE202').slice(1);
  const lead = /^[ \t]*/.exec(match)?.[0] ?? '';
  if (kind === 'entity') return lead + entityName(parts[0] ?? '');
  // A link shows its label: ["label", "https://…"].
  if (kind === 'url') return lead + (parts[0] ?? '');
  return '';
}

/** `text` without ChatGPT's private-use reference markup; text without any is returned unchanged. */
export function stripCitations(text: string): string {
  if (!/[\uE200-\uE2FF]|cite/.test(text)) return text;
  const out = text.replace(MARKER, replace).replace(OPEN, '').replace(STRAY, '').replace(BARE_CITE, '');
  // A marker that ended the text (a news list under the answer) leaves blank lines behind.
  return out === text ? text : out.trim();
}
