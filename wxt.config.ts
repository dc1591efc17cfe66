import { existsSync } from 'node:fs';
import { defineConfig } from 'wxt';
import { DATA_COLLECTION } from './lib/model/privacy';
import { MATCH_PATTERNS } from './lib/sites/registry';
import { chromiumRunner } from './scripts/runner';
import { sqliteBuild } from './scripts/sqlite-build';
import { addLocaleFiles, blockIntroHashes } from './scripts/locales';
import { addRanksFile, RANKS_PATH } from './scripts/tiktoken-ranks';
import { addLibFiles, checkLibs, missingReport, webllmBuild } from './scripts/webllm-libs';

// The WebLLM model libraries, checked against their sha256 (a mismatch fails here, before anything is built).
const libs = checkLibs();

const runner = chromiumRunner({
  uid: process.getuid?.(),
  env: process.env,
  platform: process.platform,
  exit: (code) => process.exit(code),
});

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  // Explicit imports everywhere: a reader sees where every name comes from.
  imports: false,
  manifestVersion: 3,
  // No remotely hosted code (#11): web-llm's GitHub-hosted model list is cut out, and the model libraries this
  // build ships are listed for the UI (scripts/webllm-libs.ts); Firefox's package has no local model (#35).
  vite: ({ browser }) => ({
    plugins: [webllmBuild(), sqliteBuild()],
    // A build whose CPU profiles name every function (bench:recall --profile): ENGRAM_UNMINIFIED=1 npx wxt build.
    ...(process.env.ENGRAM_UNMINIFIED ? { build: { minify: false } } : {}),
    // Workers are bundled apart from the pages that start them: the past index's worker imports sqlite-wasm.
    worker: { format: 'es', plugins: () => [sqliteBuild()] },
    define: {
      'import.meta.env.ENGRAM_WEBLLM_LIBS': JSON.stringify(
        JSON.stringify(browser === 'firefox' ? [] : libs.present),
      ),
      'import.meta.env.ENGRAM_RANKS_PATH': JSON.stringify(RANKS_PATH),
      'import.meta.env.ENGRAM_BLOCK_INTROS': JSON.stringify(JSON.stringify(blockIntroHashes())),
    },
  }),
  hooks: {
    'build:publicAssets': async (wxt, files) => {
      await addRanksFile(wxt, files);
      addLibFiles(libs)(wxt, files);
      addLocaleFiles(wxt, files);
    },
    'build:done': (wxt) => {
      const report = wxt.config.browser === 'firefox' ? '' : missingReport(libs);
      if (report)
        console.warn(
          `\n\u001b[33m${report} This build offers only the local models whose libraries it has.\u001b[0m\n`,
        );
    },
    // A Chrome release ships every library (#35); Firefox's package has no local model.
    'zip:start': (wxt) => {
      const report = wxt.config.browser === 'firefox' ? '' : missingReport(libs);
      if (report) throw new Error(report);
    },
    // `npm start` as root says why Chromium runs without its sandbox (#14); with no display, why it cannot start (#26).
    'server:started': runner.announce,
  },
  manifest: ({ browser }) => ({
    // Name, description and the shortcut's description in the browser's language (#37), from locales/*.json
    // (scripts/locales.ts writes _locales/); the store listing is docs/store-listing.md.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // offscreen: Chrome hosts WebLLM in an offscreen document (#4); Firefox has no such API.
    permissions: ['storage', 'unlimitedStorage', 'alarms', ...(browser === 'firefox' ? [] : ['offscreen'])],
    host_permissions: MATCH_PATTERNS,
    // The past-turn index is SQLite compiled to WebAssembly (#13): wasm needs 'wasm-unsafe-eval' (scripts stay
    // 'self' only; the wasm file ships inside the extension).
    content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" },
    // The model endpoint the user chooses is requested at runtime, never granted at install (#4).
    // Plain http only for this computer (#11, lib/model/provider.ts endpointProblem).
    optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'],
    // One shortcut that opens the insert preview in the chat tab (#5); the user can rebind it.
    commands: {
      'insert-memory': {
        suggested_key: { default: 'Alt+Shift+M' },
        description: '__MSG_commandInsert__',
      },
    },
    // The insert preview frame (#5), loadable by the chat sites only, and the one web-accessible file. On Chrome
    // its URL changes per browser session (use_dynamic_url), so a page cannot probe for a stable URL; the frame
    // sits in a closed shadow root, and a copy the page loads itself shows nothing (#11). Firefox has no
    // use_dynamic_url; its moz-extension:// address is random per profile.
    web_accessible_resources: [
      {
        resources: ['preview.html'],
        matches: MATCH_PATTERNS,
        ...(browser === 'firefox' ? {} : { use_dynamic_url: true }),
      },
    ],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'engram@engram.local',
              strict_min_version: '142.0',
              // What leaves this computer, and to whom, is in PRIVACY.md (#35).
              data_collection_permissions: { required: [...DATA_COLLECTION.required] },
            },
          },
        }
      : {}),
  }),
  zip: {
    // Firefox source zips would bundle node_modules-sized trees; the build is reproducible from the repo.
    excludeSources: ['**/node_modules/**', '.output/**', '.test-results/**', 'eval/runs/**'],
  },
  // `npm start` opens Chrome when installed, else Debian's Chromium (or CHROMIUM_PATH).
  webExt: { binaries: chromeBinary(), chromiumArgs: runner.chromiumArgs },
});

function chromeBinary(): Record<string, string> {
  if (process.env.CHROMIUM_PATH) return { chrome: process.env.CHROMIUM_PATH };
  if (['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'].some(existsSync)) return {};
  const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
  return chromium ? { chrome: chromium } : {};
}
