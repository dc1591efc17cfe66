// `npm run bench:recall-ab -- --a DIR --b DIR [--rounds 7] [--clicks 5] [--conversations 2000]` (#39): the click
// half of bench:recall for two builds of the extension at once, so a change is read against the same load. Each
// build gets its own browser, seeded alike (10k memories, the history); then rounds alternate between them (A B,
// then B A, ...), each round one warm-up click, `clicks` warm clicks and `clicks` clicks after a worker stop. A
// figure is the median of the round medians with their middle half; B ÷ A is taken per round, the two arms'
// rounds having run back to back, so a burst of load on the box hits both.
import { describeLoad, machineLoad, median, say, spread } from './lib/measure';
import { clickSession, summary, type ClickSession, type Timing } from '../test/e2e/insert-latency';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const dirs = { A: option('--a'), B: option('--b') };
if (!dirs.A || !dirs.B) throw new Error('usage: bench:recall-ab -- --a BUILD_DIR --b BUILD_DIR');
const ROUNDS = Number(option('--rounds') ?? 7);
const CLICKS = Number(option('--clicks') ?? 5);
const CONVERSATIONS = Number(option('--conversations') ?? 2_000);

type Arm = 'A' | 'B';
type Kind = 'warm' | 'cold';
const arms: Arm[] = ['A', 'B'];
const taken: Record<Arm, Record<Kind, Timing[][]>> = {
  A: { warm: [], cold: [] },
  B: { warm: [], cold: [] },
};

async function round(session: ClickSession, arm: Arm, r: number): Promise<void> {
  // A browser left alone while the other arm ran may have stopped its worker: woken here, not timed.
  await session.click('warm', -1);
  for (const kind of ['warm', 'cold'] as const) {
    const clicks: Timing[] = [];
    for (let i = 0; i < CLICKS; i++) clicks.push(await session.click(kind, r * CLICKS + i));
    taken[arm][kind].push(clicks);
  }
}

const sessions: Partial<Record<Arm, ClickSession>> = {};
try {
  console.log(
    `bench:recall-ab: A ${dirs.A}\n                  B ${dirs.B}\n  ${describeLoad(machineLoad())}`,
  );
  for (const arm of arms)
    sessions[arm] = await clickSession(10_000, CONVERSATIONS, { extensionPath: dirs[arm] });
  for (let r = 0; r < ROUNDS; r++) {
    const before = describeLoad(machineLoad());
    for (const arm of r % 2 === 0 ? arms : [...arms].reverse()) await round(sessions[arm]!, arm, r);
    console.log(`  round ${r + 1}: before ${before}; after ${describeLoad(machineLoad())}`);
  }
} finally {
  for (const s of Object.values(sessions)) await s?.close();
}

const roundMedians = (rounds: Timing[][]) => rounds.map((x) => median(x.map((t) => t.inPage)));
for (const kind of ['warm', 'cold'] as const) {
  console.log(`\n${kind === 'warm' ? 'warm' : 'after a worker stop'}: click → ready preview`);
  for (const arm of arms) {
    const s = summary(taken[arm][kind].flat(), taken[arm][kind]);
    console.log(
      `  ${arm}: p50 of round medians ${say(spread(roundMedians(taken[arm][kind])))}; all clicks p95 ` +
        `${s.clickToReadyMs.p95} ms; past turn shown ${s.pastShown}\n     worker marks (median): ${Object.entries(
          s.workerMarksMs,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
    );
  }
  const [a, b] = [roundMedians(taken.A[kind]), roundMedians(taken.B[kind])];
  console.log(`  B ÷ A per round: ${say(spread(b.map((x, i) => x / a[i]!)), '×')}`);
}
