// `npm run eval:recall -- [--dataset <file>] [--budget 600,1000] [--source observations|turns|both]`: how often
// the block recall builds for a LoCoMo question holds that question's evidence (#5), for the whole set and
// for its tuning and check parts (#28, locomo-recall.ts partOf). Prints JSON, the summary first.
import { parseArgs } from 'node:util';
import { loadLocomo, type Source } from './locomo-recall';
import { reachable, scoreRecall, type Score } from './recall-score';
import { RANK_WEIGHTS } from '../lib/past/engine';
import { PAST_LIMIT } from '../lib/past/limits';
import { PASSAGE_OPTIONS } from '../lib/past/passages';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: '../shared/locomo/locomo-dev.json' },
    budget: { type: 'string', default: '600,1000' },
    source: { type: 'string', default: 'observations' },
    // Past index tuning (docs/past-index.md): passage and context words, bm25 context weight, hits per query.
    'passage-words': { type: 'string' },
    'context-words': { type: 'string' },
    'context-weight': { type: 'string' },
    limit: { type: 'string' },
  },
});
const budgets = values.budget.split(',').map(Number);
const source = values.source as Source;
if (!['observations', 'turns', 'both'].includes(source)) throw new Error(`--source ${source}?`);
if (budgets.some((b) => !Number.isInteger(b) || b < 100)) throw new Error(`--budget ${values.budget}?`);

const stores = loadLocomo(values.dataset, source);
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const passage = {
  passageWords: num(values['passage-words']) ?? PASSAGE_OPTIONS.passageWords,
  contextWords: num(values['context-words']) ?? PASSAGE_OPTIONS.contextWords,
};
const weights = { own: RANK_WEIGHTS.own, context: num(values['context-weight']) ?? RANK_WEIGHTS.context };
const report = await scoreRecall(stores, budgets, { passage, weights, limit: num(values.limit) });
// "hit / coverage" per budget and part: the line a change is judged by (docs/recall.md).
const brief = (s: Score | undefined) =>
  s ? `${s.hitAtBudget.toFixed(3)} / ${s.evidenceCoverage.toFixed(3)}` : '-';
const summary = Object.fromEntries(
  budgets.map((b) => {
    const r = report[b] ?? {};
    return [b, { all: brief(r.overall), tune: brief(r['part tune']), check: brief(r['part check']) }];
  }),
);
// With observations alone the dev file's ceiling is 0.830 hit / 0.785 coverage: printed so a score is read
// against what the memories could give at all.
const ceiling = reachable(stores);
const tuned = { passage, weights, limit: num(values.limit) ?? PAST_LIMIT };
const parts = Object.fromEntries(stores.map((s) => [s.id, s.part]));
console.log(
  JSON.stringify(
    { dataset: values.dataset, source, summary, parts, tuned, budgets: report, ceiling },
    null,
    2,
  ),
);
