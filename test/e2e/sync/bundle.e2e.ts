// The sync code must run in an MV3 service worker: bundled for the browser it pulls in no Node built-in (the
// `webdav` package's web build uses fetch only). Sizes measured 2026-12 (#15), minified / gzipped:
// engine (age-encryption, zod/mini) 249 / 73 kB, webdav 194 / 55 kB, s3 (aws4fetch) 11 / 4 kB.
import { expect, it } from 'vitest';
import { build, type Logger, type Rollup } from 'vite';

it('bundles engine, WebDAV and S3 for a browser worker without Node built-ins', async () => {
  const warnings: string[] = [];
  const log = (m: string) => void warnings.push(m);
  const customLogger = {
    info: () => undefined,
    warn: log,
    warnOnce: log,
    error: log,
    clearScreen: () => undefined,
  };
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    customLogger: { ...customLogger, hasErrorLogged: () => false, hasWarned: false } as Logger,
    resolve: { conditions: ['browser', 'worker'] },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: { engine: 'lib/sync/engine.ts', webdav: 'lib/sync/webdav.ts', s3: 'lib/sync/s3.ts' },
        formats: ['es'],
      },
    },
  })) as Rollup.RollupOutput[];
  const chunks = out.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  expect(chunks.map((c) => c.fileName)).toEqual(expect.arrayContaining(['engine.js', 'webdav.js', 's3.js']));
  for (const c of chunks) expect(c.code).not.toMatch(/node:|__vite-browser-external|require\(/);
  expect(warnings.filter((w) => /externalized for browser|node:/.test(w))).toEqual([]);
});
