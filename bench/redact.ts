// `npm run bench:redact`: what redaction costs on the texts it runs on most (#25): a 1,500-word assistant
// answer (it runs on every turn of every prompt), the same answer with typographic punctuation (curly quotes
// and dashes take the fold's slow path), and 40 memory lines as the block redacts them one by one. Medians
// of many runs after a warm-up, in ms. Prints JSON.
import { redact } from '../lib/pipeline/redact';
import { summarize } from './synthetic';

const RUNS = 400;

const PARAGRAPHS = [
  'To move the service to the new cluster, start by exporting the schema with pg_dump 16.2 and checking the ' +
    'row counts: the orders table had 1,284,551 rows on 3 March 2025, and the migration should finish in about ' +
    '40 minutes on a 4-core machine. Keep the old replica running until the checksums match.',
  'In the config file, set max_connections to 200, shared_buffers to 2GB and work_mem to 16MB; the pool in ' +
    'main.ts reads POOL_SIZE from the environment, so export POOL_SIZE=20 before npm start. The health check ' +
    'listens on port 8080 and answers within 50 ms when the database is reachable.',
  'Your test run failed because version 1.2.3 of the client library changed the timeout default from 30 s ' +
    'to 10 s. Pin it to 1.2.2 in package.json, or pass { timeout: 30_000 } explicitly. The ratio of failed ' +
    'requests dropped from 3:1 to 1:20 once the retry used exponential backoff (e.g. 100, 200, 400 ms).',
  'For the report, the figures are: revenue 4.2 million, costs 3.1 million, a margin of 26.19 percent, and ' +
    'a forecast of 5 percent growth. Order 48213 shipped on 2025-03-14 at 10:30, tracking number 1Z999AA1, ' +
    'and the customer (call +1 555 0100) asked for the invoice as report.pdf by Friday.',
  'When you write the function, keep it pure: take the list of memories, the budget in tokens and the draft, ' +
    'and return the lines to insert. Sort by score, then by date; break ties by id so the order is stable. ' +
    'A test with 10,000 memories should run in under 100 ms on a laptop.',
  'Regarding the password policy: the site requires at least 12 characters, and the reset link expires after ' +
    'one hour. Store tokens in the keychain rather than in a file, and rotate the signing key every 90 days; ' +
    'the audit log keeps 400 days of entries.',
  'Here is the shell snippet:\n\n```bash\nset -euo pipefail\nfor f in data/*.csv; do\n  wc -l "$f"\ndone\n' +
    'git log --oneline -n 5 # 3f9a2b7 fixed it\n```\n\nRun it from the repository root; it prints one count ' +
    'per file and the last five commits.',
];

/** About 1,500 words: the paragraphs in turn, numbered so no two are the same text. */
function answer(): string {
  const out: string[] = [];
  let words = 0;
  for (let i = 0; words < 1500; i++) {
    const p = `${i + 1}. ${PARAGRAPHS[i % PARAGRAPHS.length]}`;
    out.push(p);
    words += p.split(/\s+/).length;
  }
  return out.join('\n\n');
}

function time(label: string, run: () => void) {
  for (let i = 0; i < 50; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  return { label, ...summarize(samples) };
}

const plain = answer();
const typographic = plain
  .replace(/ - /g, ' — ')
  .replace(/"([^"]*)"/g, '“$1”')
  .replace(/'/g, '’');
const lines = plain.split(/(?<=\.) /).slice(0, 40);

console.log(
  JSON.stringify(
    {
      words: plain.split(/\s+/).length,
      /** What the bench texts hold is ordinary: nothing in them may be redacted. */
      redacted: [plain, typographic, ...lines].flatMap((t) => redact(t).found),
      results: [
        time('1,500-word answer', () => redact(plain)),
        time('same, typographic punctuation', () => redact(typographic)),
        time('40 block lines, one call each', () => lines.forEach((l) => redact(l))),
      ],
    },
    null,
    2,
  ),
);
