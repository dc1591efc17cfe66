// The import graph has no cycles (#26), type-only imports included: a type cycle still ties two modules so that
// neither can be read or moved without the other. ESLint's import plugins skip type imports in their cycle rule,
// so this runs beside ESLint in `npm run lint`.
//
// Nor has it folder-level loops (#38). File cycles are not the only knot: 11 of lib/'s folders and prompts/ once
// formed one loop through 7 imports that climbed back up (the schemas importing the site registry, recall the
// pipeline's link test), while every file cycle was gone. So each folder stands on a floor, ground first, and
// imports only folders on floors below its own; folders on one floor never import each other. Tests are exempt:
// a test may drive its folder through the floors above it (lib/import/hostile.test.ts runs the background's
// handlers). docs/architecture.md's floor table is this list, and test/config/floors.test.ts holds the two
// together, checks that every folder has a floor, and plants a climb on each floor to see its rule fail.

/** Folders as path prefixes; `lib/[^/]+$` is the loose files at lib/'s top. */
export const FLOORS = [
  {
    folders: ['lib/model/'],
    why: 'The ground: the zod schemas and the data they check (site ids and hosts, the agents’ wire). It imports nothing of ours, so a content script, engram-mcp and every floor above take a schema without a site, a store or a provider.',
  },
  {
    folders: ['lib/recall/', 'lib/sync/', 'lib/agents/', 'lib/messaging/', 'prompts/', 'lib/[^/]+$'],
    why: 'On the schemas alone: ranking, the block and the link test; the sync engine; the agents’ link; the protocol maps; the versioned prompts; the settings, onboarding and token items at lib/’s top, each file there a folder of its own.',
  },
  {
    folders: ['lib/inject/', 'lib/providers/', 'lib/manage/'],
    why: 'Edges that need recall’s markers, words or Embedder: the button, the preview frame’s host and typing into a composer; the LLM providers, which never read the store; the manager’s plain queries.',
  },
  {
    folders: ['lib/sites/', 'lib/i18n/'],
    why: 'The sites’ adapters type through lib/inject; the catalogue hands the background the block’s and the page’s words (block-words.ts).',
  },
  {
    folders: ['lib/capture/'],
    why: 'Site-agnostic capture reads through the sites’ adapters and fences Engram’s own block out.',
  },
  {
    folders: ['lib/store/', 'lib/page/'],
    why: 'The store builds records from captures (fence.ts, the sites’ scopes) and applies the sync engine’s rows; the chat page composes capture, the insert session and messaging. Neither imports the other: a content script never reaches Dexie.',
  },
  {
    folders: ['lib/pipeline/'],
    why: 'Extraction: the prompts, the providers and the store.',
  },
  {
    folders: ['lib/past/', 'lib/import/'],
    why: 'The past chats’ index, redacted as the pipeline redacts, and the import, held by the pipeline’s guard and written by the store.',
  },
  {
    folders: ['lib/background/', 'lib/offscreen/', 'components/'],
    why: 'The three extension contexts compose what is below: the service worker, the offscreen document and the pages’ UI. None imports another: they talk through lib/messaging.',
  },
  {
    folders: ['entrypoints/'],
    why: 'Wiring only. Nothing stands above it, so it has no rule.',
  },
];

const any = (folders) => `^(${folders.join('|')})`;

/** Floor n's rule: no import of a folder on floor n or above, other than its own (`$1`: the folder it is in). */
function floorRule(floor, n) {
  const above = FLOORS.slice(n - 1).flatMap((f) => f.folders);
  const below = FLOORS.slice(0, n - 1).flatMap((f) => f.folders);
  return {
    name: `floor-${n}`,
    severity: 'error',
    comment: `${floor.why} ${below.length ? `Floor ${n} imports only ${below.join(', ')}` : 'It imports nothing of ours'} (docs/architecture.md, "Floors").`,
    from: { path: any(floor.folders), pathNot: '\\.test\\.tsx?$' },
    to: { path: any(above), pathNot: '^$1' },
  };
}

export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Move what both sides need into a module that both can import (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
    ...FLOORS.slice(0, -1).map((floor, i) => floorRule(floor, i + 1)),
    {
      name: 'mcp-wire-only',
      severity: 'error',
      comment:
        'engram-mcp bundles what its wire format needs and nothing else: the schemas (lib/model) and the pairing proof and configs (lib/agents), never a site or a store (#38).',
      from: { path: '^mcp/' },
      to: { path: '^(lib|prompts|components|entrypoints)/', pathNot: '^lib/(model|agents)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt|eval/runs)/' },
  },
};
