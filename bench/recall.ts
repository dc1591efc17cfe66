// `npm run bench:recall [-- --no-browser] [-- --conversations 2000]`: rank+pack latency over synthetic stores of
// 1k, 10k and 50k memories (#28 target at 50k: p50 ≤ 20 ms), then, when a Chromium build exists, the time from
// clicking "Insert memory" to a ready preview in the extension with 10k memories and a history of 2,000 past
// conversations: warm (target p50 ≤ 60 ms) and after a worker stop (p50 ≤ 150 ms), 15 clicks each. Prints JSON.
import { existsSync } from 'node:fs';
import { viewFor } from '../lib/past/memory-answer';
import { loadSqlite, memoryTable } from '../lib/past/memory-db';
import { recall, type RecallInput } from '../lib/recall/recall';
import { memories, rng, sentence, vocabulary, round, summarize } from './synthetic';

const SIZES = [1_000, 10_000, 50_000];
const QUERIES = 300;

function benchSize(size: number) {
  const rand = rng(size);
  const words = vocabulary(20_000, rand);
  const store = memories(size, words, rand);
  const built = performance.now();
  // The memory table on sqlite-wasm in memory: the extension's worker runs the same code on OPFS (#28).
  const table = memoryTable();
  for (let i = 0; i < store.length; i += 500) table.put(store.slice(i, i + 500));
  const buildMs = performance.now() - built;
  const ask = (input: RecallInput) => recall(viewFor(table, input), input);
  const now = Date.parse('2027-01-01T00:00:00Z');
  // Drafts of 5–40 words; every fourth query is a long "recent turns" query instead.
  const queries = Array.from({ length: QUERIES }, (_, i) =>
    i % 4 === 3
      ? { draft: '', recent: [sentence(words, 120, rand), sentence(words, 80, rand)] }
      : { draft: sentence(words, 5 + Math.floor(rand() * 35), rand), recent: [] },
  );
  for (const q of queries.slice(0, 20)) ask({ ...q, scopes: null, budgetTokens: 600, now });
  const samples = queries.map((q) => {
    const started = performance.now();
    ask({ ...q, scopes: new Set(['global', 'site:chatgpt']), budgetTokens: 600, now });
    return performance.now() - started;
  });
  const updated = performance.now();
  for (const m of store.slice(0, 100)) table.put([{ ...m, text: `${m.text} ${words[7]}` }]);
  const updateMs = (performance.now() - updated) / 100;
  return {
    memories: size,
    buildMs: round(buildMs),
    updateOneMs: round(updateMs),
    rankPackMs: summarize(samples),
  };
}

await loadSqlite();
const results: Record<string, unknown> = { rankPack: SIZES.map(benchSize) };
if (existsSync('.output/chrome-mv3/manifest.json') && !process.argv.includes('--no-browser')) {
  const { insertLatency } = await import('../test/e2e/insert-latency');
  const at = process.argv.indexOf('--conversations');
  const conversations = at > 0 ? Number(process.argv[at + 1]) : 2_000;
  results.insertInChromium = await insertLatency(10_000, conversations);
} else {
  results.insertInChromium = 'skipped: run `npx wxt build` first (or drop --no-browser)';
}
console.log(JSON.stringify(results, null, 2));
