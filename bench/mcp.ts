// bench:mcp (#27): search_memory with 10,000 memories, timed from the MCP client's call to its answer, in
// Chromium with the built extension and the built engram-mcp over stdio. Warm: the service worker running.
// Cold: the worker stopped (CDP ServiceWorker.stopAllWorkers) before each call, so the call itself wakes it
// through the offscreen document that holds the socket, and it reopens the store and rebuilds its index.
// Targets: p50 ≤ 100 ms warm, ≤ 1 s cold. Prints JSON; exits 1 when a median misses its target.
import { memories, rng, sentence, summarize, vocabulary } from './synthetic';
import { launch, openOptions, stopServiceWorker } from '../test/e2e/harness';
import { letProbesThrough, pairInOptions, startAgent } from '../test/e2e/mcp';
import { seedRows } from '../test/e2e/seed';
import type { Memory } from '../lib/model/records';

const COUNT = 10_000;
const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 15);
const TARGET = { warm: 100, cold: 1_000 };

function store(rand: () => number, words: string[]): Memory[] {
  const at = '2026-11-01T10:00:00.000Z';
  return memories(COUNT, words, rand).map((m) => ({
    ...m,
    ...{ confidence: 1, attributedTo: 'user', createdAt: at, updatedAt: at, sources: [] },
  }));
}

async function main(): Promise<void> {
  const rand = rng(27);
  const words = vocabulary(20_000, rand);
  const h = await launch();
  const agents: { close(): Promise<void> }[] = [];
  try {
    await letProbesThrough(h.context);
    const options = await openOptions(h, 'agents');
    await seedRows(options, { memories: store(rand, words) });
    const secret = await pairInOptions(options);
    const blank = await h.context.newPage();
    // The worker built nothing from the rows written behind its back: it starts again and reads them all.
    await stopServiceWorker(blank);
    const agent = await startAgent(secret, 'bench:mcp');
    agents.push(agent);
    const query = () => sentence(words, 8, rand);
    const search = async () => {
      const r = await agent.call('search_memory', { query: query() });
      if (r.isError) throw new Error(r.text);
      return r;
    };
    const first = await search();
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push((await search()).ms);
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await stopServiceWorker(blank);
      cold.push((await search()).ms);
    }
    const lines = (await search()).data?.lines as unknown[];
    const result = {
      memories: COUNT,
      firstCallMs: Math.round(first.ms),
      linesPerAnswer: lines.length,
      warmMs: summarize(warm),
      coldAfterWorkerStopMs: summarize(cold),
      targets: { warmP50: TARGET.warm, coldP50: TARGET.cold },
    };
    console.log(JSON.stringify(result, null, 2));
    if (result.warmMs.p50 > TARGET.warm || result.coldAfterWorkerStopMs.p50 > TARGET.cold)
      process.exitCode = 1;
  } finally {
    for (const a of agents) await a.close().catch(() => undefined);
    await h.close();
  }
}

await main();
