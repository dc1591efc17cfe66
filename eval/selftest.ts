// `npm run eval:selftest`: the harness on scripted answer sets, no model and no pipeline. Prints the perfect
// set (the expected memories) beside the degraded one, with the paired bootstrap CI, and writes the run to
// eval/runs/<timestamp>/. If perfect is not ≈1.000 or degraded is not clearly lower, the scorer is broken.
import { runSuite, scriptedAdapter } from './lib/adapter';
import { loadCases } from './lib/case';
import { caseTable, summaryTable, writeRun } from './lib/report';
import { degradedAnswer, perfectAnswer } from './lib/scripted';

const cases = loadCases();
const runs = [
  {
    label: 'scripted:perfect',
    scores: await runSuite(cases, scriptedAdapter('scripted:perfect', perfectAnswer)),
  },
  {
    label: 'scripted:degraded',
    scores: await runSuite(
      cases,
      scriptedAdapter('scripted:degraded', (c) => degradedAnswer(c)),
    ),
  },
];
console.log(caseTable(runs));
console.log('');
console.log(summaryTable(runs));
const dir = await writeRun(runs, { meta: { kind: 'selftest' } });
console.log(`\nper-case JSONL: ${dir}`);
