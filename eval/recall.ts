// `npm run eval:recall -- --dataset <file> --budget <n> [--source observations|turns|both]`: how often the
// block recall builds for a LoCoMo question holds that question's evidence (#5). Prints JSON.
import { parseArgs } from 'node:util';
import { loadLocomo, type Source } from './locomo-recall';
import { reachable, scoreRecall } from './recall-score';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string', default: '../shared/locomo/locomo-dev.json' },
    budget: { type: 'string', default: '1000' },
    source: { type: 'string', default: 'observations' },
  },
});
const budgetTokens = Number(values.budget);
const source = values.source as Source;
if (!['observations', 'turns', 'both'].includes(source)) throw new Error(`--source ${source}?`);
if (!Number.isInteger(budgetTokens) || budgetTokens < 100) throw new Error(`--budget ${values.budget}?`);

const stores = loadLocomo(values.dataset, source);
const report = scoreRecall(stores, budgetTokens);
// With observations alone the dev file's ceiling is 0.830 hit / 0.785 coverage: printed so a score is read
// against what the memories could give at all.
const ceiling = reachable(stores);
console.log(JSON.stringify({ dataset: values.dataset, budgetTokens, source, ...report, ceiling }, null, 2));
