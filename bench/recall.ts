// `npm run bench:recall [-- --no-browser] [-- --no-stress] [-- --rounds 7] [-- --conversations 2000]
// [-- --aa] [-- --profile DIR] [-- --json FILE]` (#28, #39): rank+pack latency over synthetic stores of 1k, 10k
// and 50k memories, then, when a Chromium build exists, the time from clicking "Insert memory" to a ready preview
// in the extension with 10k memories and a history of 2,000 past conversations, warm and after a worker stop.
//
// Every figure is printed with what it needs to be read on another day (#39): the machine's load while it was
// taken, a fixed piece of work timed in the same moments (bench/lib/measure.ts) so a figure can also be read as
// a multiple of it, several rounds with the sizes interleaved (a burst of load hits all of them), medians with the
// middle half of the rounds, and the same arms again with `stress-ng --cpu 1` beside the bench. `--aa` adds a
// second 1k store built the same way: the ratio of the two is the bench's own noise. `--profile DIR` writes CPU
// profiles of every extension context for 5 warm and 5 cold clicks (build with ENGRAM_UNMINIFIED=1 to read them).
import { existsSync, writeFileSync } from 'node:fs';
import { viewFor } from '../lib/past/memory-answer';
import { loadSqlite, memoryTable } from '../lib/past/memory-db';
import type { MemoryTable } from '../lib/past/memory-table';
import { recall, type RecallInput } from '../lib/recall/recall';
import {
  calibrate,
  describeLoad,
  machine,
  machineLoad,
  median,
  round2,
  say,
  spread,
  startStress,
  timed,
} from './lib/measure';
import { memories, rng, sentence, vocabulary } from './synthetic';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const SIZES = [1_000, 10_000, 50_000];
/** #39's targets on an idle 2-core machine, p50 ms. */
const TARGETS: Record<number, number> = { 1_000: 5, 10_000: 10, 50_000: 20 };
const ROUNDS = Number(option('--rounds') ?? 7);
const QUERIES = 100;
const NOW = Date.parse('2027-01-01T00:00:00Z');

interface Arm {
  name: string;
  size: number;
  ask: (q: Query) => unknown;
  queries: Query[];
  buildMs: number;
}
type Query = Pick<RecallInput, 'draft' | 'recent'>;

function build(size: number, name = `${size}`): Arm {
  const rand = rng(size);
  const words = vocabulary(20_000, rand);
  const store = memories(size, words, rand);
  const t0 = performance.now();
  // The memory table on sqlite-wasm in memory: the extension's worker runs the same code on OPFS (#28).
  const table: MemoryTable = memoryTable();
  for (let i = 0; i < store.length; i += 500) table.put(store.slice(i, i + 500));
  const buildMs = performance.now() - t0;
  // Drafts of 5–40 words; every fourth query is a long "recent turns" query instead.
  const queries = Array.from({ length: QUERIES }, (_, i) =>
    i % 4 === 3
      ? { draft: '', recent: [sentence(words, 120, rand), sentence(words, 80, rand)] }
      : { draft: sentence(words, 5 + Math.floor(rand() * 35), rand), recent: [] },
  );
  const scopes = new Set(['global', 'site:chatgpt']);
  const ask = (q: Query) => {
    const input: RecallInput = { ...q, scopes, budgetTokens: 600, now: NOW };
    return recall(viewFor(table, input), input);
  };
  for (const q of queries.slice(0, 20)) ask(q); // compiled and cached before any is timed
  return { name, size, ask, queries, buildMs };
}

interface RoundFigures {
  wall: number[];
  cpu: number[];
  calibration: number;
}

/** One round: each arm's queries once, arms in turn (the order turns every round); per-query ms. */
function round(arms: readonly Arm[], r: number): Map<Arm, RoundFigures> {
  const calibration = calibrate(3).cpu.median;
  const order = r % 2 === 0 ? arms : [...arms].reverse();
  const out = new Map<Arm, RoundFigures>();
  for (const arm of order) {
    const runs = arm.queries.map((q) => timed(() => arm.ask(q)));
    out.set(arm, { wall: runs.map((x) => x.wall), cpu: runs.map((x) => x.cpu), calibration });
  }
  return out;
}

function report(arms: readonly Arm[], rounds: Map<Arm, RoundFigures>[]) {
  return arms.map((arm) => {
    const mine = rounds.map((r) => r.get(arm)!);
    const perRound = mine.map((f) => median(f.wall));
    const all = mine.flatMap((f) => f.wall);
    return {
      arm: arm.name,
      memories: arm.size,
      target: TARGETS[arm.size] ?? null,
      p50: spread(perRound),
      p95: round2(spread(all).p95),
      cpuP50: round2(median(mine.map((f) => median(f.cpu)))),
      timesCalibration: round2(median(mine.map((f) => median(f.cpu) / f.calibration))),
      buildMs: Math.round(arm.buildMs),
    };
  });
}

type Rows = ReturnType<typeof report>;

function printRows(title: string, rows: Rows, load: string) {
  console.log(`\n${title}\n  ${load}`);
  for (const r of rows) {
    const target = r.target === null ? '' : `, target ≤ ${r.target} ms`;
    console.log(
      `  ${String(r.arm).padStart(8)} memories: p50 ${say(r.p50)}, p95 ${r.p95} ms, CPU ${r.cpuP50} ms, ` +
        `${r.timesCalibration}× the calibration work${target}`,
    );
  }
}

function measure(arms: readonly Arm[], title: string): Rows {
  const before = machineLoad();
  const rounds = Array.from({ length: ROUNDS }, (_, r) => round(arms, r));
  const after = machineLoad();
  const rows = report(arms, rounds);
  printRows(title, rows, `before: ${describeLoad(before)}; after: ${describeLoad(after)}`);
  const aa = rows.filter((r) => r.memories === 1_000);
  if (aa.length === 2) {
    const ratios = rounds.map((x) => median(x.get(arms[0]!)!.wall) / median(x.get(arms.at(-1)!)!.wall));
    console.log(`  A/A: the same 1k store twice, ratio per round ${say(spread(ratios), '×')}`);
  }
  return rows;
}

async function underStress<T>(run: () => Promise<T> | T): Promise<T | string> {
  const stress = startStress(1);
  if ('missing' in stress) return `skipped: ${stress.missing}`;
  await new Promise((r) => setTimeout(r, 1000)); // stress-ng's worker is running before the first query
  try {
    return await run();
  } finally {
    stress.stop();
  }
}

function header() {
  const m = machine();
  const cal = calibrate(9);
  console.log(`bench:recall on ${m.cpu} × ${m.cores}, Node ${m.node}; ${describeLoad(machineLoad())}`);
  console.log(
    `calibration (a fixed piece of plain JavaScript, bench/lib/measure.ts; ~10 ms on an idle 2-core Xeon): ` +
      `${say(cal.wall)}, CPU ${say(cal.cpu)}`,
  );
  console.log(
    'How to read the figures: p50 is wall time, what a person waits; on a busy machine it grows with the load ' +
      'printed beside it (a query waits for a core). CPU is the time this process computed, which load barely ' +
      'moves; "× the calibration work" divides it by the CPU time of the fixed work above, timed in the same ' +
      'round, so it also holds across machines. Compare runs by CPU and × calibration; check the targets (wall ' +
      'p50) on an idle machine (load under 0.5).',
  );
  return cal;
}

await loadSqlite();
const calibration = header();
const arms = SIZES.map((size) => build(size));
if (args.includes('--aa')) arms.push(build(1_000, '1000 (A/A)'));
const title = `rank+pack (recall() over the memory table in this thread), 600-token block, ${QUERIES} queries a round, ${ROUNDS} rounds, sizes interleaved; p50 = median of the rounds' medians`;
const results: Record<string, unknown> = { calibration, rankPack: measure(arms, title) };
if (!args.includes('--no-stress'))
  results.rankPackUnderStress = await underStress(() =>
    measure(arms, `the same with stress-ng --cpu 1 beside the bench (one of the two cores kept busy)`),
  );

if (existsSync('.output/chrome-mv3/manifest.json') && !args.includes('--no-browser')) {
  const { insertLatency, printInsert } = await import('../test/e2e/insert-latency');
  const conversations = Number(option('--conversations') ?? 2_000);
  const dir = option('--profile');
  const stress = args.includes('--no-stress') || dir ? undefined : () => startStress(1);
  results.insertInChromium = await insertLatency(10_000, conversations, { profileDir: dir, stress });
  printInsert(results.insertInChromium);
} else {
  results.insertInChromium = 'skipped: run `npx wxt build` first (or drop --no-browser)';
  console.log(`\n"Insert memory" in Chromium: ${results.insertInChromium}`);
}
const json = option('--json');
if (json) writeFileSync(json, JSON.stringify(results, null, 2));
