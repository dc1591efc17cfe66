// `npm run eval:recall -- --dataset <file> --budget <n> [--source observations|turns|both]`: how often the
// block recall builds for a LoCoMo question holds that question's evidence (#5). Prints JSON.
import { parseArgs } from 'node:util';
import { loadLocomo, type Source } from './locomo-recall';
import { reachable, scoreRecall } from './recall-score';
import { RANK_WEIGHTS } from '../lib/past/engine';
import { PAST_LIMIT } from '../lib/past/limits';
import { PASSAGE_OPTIONS } from '../lib/past/passages';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: '../shared/locomo/locomo-dev.json' },
    budget: { type: 'string', default: '1000' },
    source: { type: 'string', default: 'observations' },
    // Past index tuning (docs/past-index.md): passage and context words, bm25 context weight, hits per query.
    'passage-words': { type: 'string' },
    'context-words': { type: 'string' },
    'context-weight': { type: 'string' },
    limit: { type: 'string' },
  },
});
const budgetTokens = Number(values.budget);
const source = values.source as Source;
if (!['observations', 'turns', 'both'].includes(source)) throw new Error(`--source ${source}?`);
if (!Number.isInteger(budgetTokens) || budgetTokens < 100) throw new Error(`--budget ${values.budget}?`);

const stores = loadLocomo(values.dataset, source);
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const passage = {
  passageWords: num(values['passage-words']) ?? PASSAGE_OPTIONS.passageWords,
  contextWords: num(values['context-words']) ?? PASSAGE_OPTIONS.contextWords,
};
const weights = { own: RANK_WEIGHTS.own, context: num(values['context-weight']) ?? RANK_WEIGHTS.context };
const report = await scoreRecall(stores, budgetTokens, { passage, weights, limit: num(values.limit) });
// With observations alone the dev file's ceiling is 0.830 hit / 0.785 coverage: printed so a score is read
// against what the memories could give at all.
const ceiling = reachable(stores);
const tuned = { passage, weights, limit: num(values.limit) ?? PAST_LIMIT };
console.log(
  JSON.stringify({ dataset: values.dataset, budgetTokens, source, tuned, ...report, ceiling }, null, 2),
);
