// Builds engram-mcp (#27) into one file, mcp/dist/engram-mcp.js, that runs with Node 20 and needs no
// node_modules: an agent starts it with `node <repo>/mcp/dist/engram-mcp.js`. Run by `npm install`
// (postinstall) and by `npm test` before the end-to-end suites.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, 'dist', 'engram-mcp.js');

await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // ws and the SDK's dependencies are CommonJS: their require() calls of Node's own modules need one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as engramRequire } from 'node:module';\nconst require = engramRequire(import.meta.url);",
  },
  // ws's optional native speed-ups: absent, it uses its JavaScript code.
  external: ['bufferutil', 'utf-8-validate'],
  legalComments: 'linked',
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
