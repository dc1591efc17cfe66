// The background's two engines with a one-time cost: sqlite-wasm (the recall index) and the o200k token encoder.
// Each takes ~1 s to load on an idle 2-core machine and several times that with load beside it, and a test file
// paid it inside whichever test first reached them: that test alone ran past its 5 s limit under load (#33: the
// first tests of Review, Conversations, Devices and the background's handlers took 17, 3, 5.4 and 5.5 s at load
// ~15 while the rest of each file took 0.1–0.8 s each). A file that reaches them awaits this at its top level, so
// the cost falls in the file's import, as a static import's would, and each test times only its own work.
import { loadSqlite } from '../../lib/past/memory-db';
import { countTokens } from '../../lib/tokens';

let loading: Promise<void> | undefined;

export function loadEngines(): Promise<void> {
  return (loading ??= Promise.all([loadSqlite(), countTokens('')]).then(() => undefined));
}
