// `wxt/browser` in unit tests (#33). WXT's own mock re-exports `fakeBrowser` from `wxt/testing`, whose index also
// exports the Vitest plugin, so every file that imported `wxt/browser` evaluated WXT's build core through Vite's
// module runner: 0.5 s of CPU per file, half the unit suite's setup time on this machine. The same fake browser
// (the one WXT's setup puts on `chrome` and `browser`), without the build core.
import { fakeBrowser } from 'wxt/testing/fake-browser';

export const browser = fakeBrowser;
export default fakeBrowser;
